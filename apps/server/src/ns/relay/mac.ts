import { decodeMacWithRelay } from '@lns/lorawan/relay/mac-mixed';

/** The product type of relays (docs/protocols/rhf3mr01.md). */
const RELAY_PRODUCT = 'rhf3mr01';

/**
 * A relay's uplink MAC commands with the TS011 relay commands (0x40..0x46) among them, as a frame
 * stores them; undefined for other devices, or when the bytes do not frame (the standard decoding
 * stands then).
 */
export function relayMacRecords(
  dev: { productType: string },
  bytes: Uint8Array,
): Record<string, unknown>[] | undefined {
  if (dev.productType !== RELAY_PRODUCT || bytes.length === 0) return undefined;
  try {
    return decodeMacWithRelay(bytes, 'up').map((c) => ({ ...c }));
  } catch {
    return undefined;
  }
}
