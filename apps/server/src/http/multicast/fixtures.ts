/** Request bodies for the multicast API tests: ids and keys derived from a number. */
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

export function mcGroup(n: number, extra: Record<string, unknown> = {}) {
  return {
    mcEUI: `aa${hex(n, 14)}`,
    mcName: `group-${n}`,
    region: 'eu868',
    genAppKey: `${hex(n, 8)}${'1'.repeat(24)}`,
    mcAddr: hex(0x01000000 + n, 8),
    mcAppSKey: `${hex(n, 8)}${'2'.repeat(24)}`,
    mcNwkSKey: `${hex(n, 8)}${'3'.repeat(24)}`,
    ...extra,
  } as Record<string, unknown> & { mcEUI: string; mcName: string; mcAddr: string; mcNwkSKey: string };
}

export const gatewayBody = (n: number, extra: Record<string, unknown> = {}) => ({
  gwID: `bb${hex(n, 14)}`,
  gwName: `mc-gw-${n}`,
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'rhf2s027',
  txPower: 0,
  ...extra,
});
