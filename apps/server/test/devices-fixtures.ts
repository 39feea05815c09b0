/** Device payloads for the device API tests and benchmarks: EUIs derived from a number. */
export const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

export function otaaDevice(n: number, extra: Record<string, unknown> = {}) {
  return {
    devEUI: `70b3d5${hex(n, 10)}`,
    devName: `dev-${String(n).padStart(6, '0')}`,
    appEUI: '70b3d57ed0000001',
    authType: 'otaa',
    appKey: hex(n, 32),
    region: 'eu868',
    subnet: 'eu868-default',
    ...extra,
  };
}

export function abpDevice(n: number, extra: Record<string, unknown> = {}) {
  return {
    ...otaaDevice(n),
    authType: 'abp',
    appKey: undefined,
    devAddr: hex(0x26000000 + n, 8),
    appSKey: hex(n + 1, 32),
    nwkSKey: hex(n + 2, 32),
    ...extra,
  };
}
