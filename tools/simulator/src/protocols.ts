/**
 * Which management protocol a simulated device speaks, by its product type: a relay (rhf3mr01,
 * FPort 210) or a ladtp (rhf3m485, FPort 211); plain LoRaWAN devices speak none.
 */
import { maxPayload } from '@lns/lorawan/regions';
import { decodeRhf3m485 } from '@lns/lorawan/relay/rhf3m485';
import { decodeRhf3mr01 } from '@lns/lorawan/relay/rhf3mr01';
import { LadtpDevice } from './ladtp-device';
import { Rhf3mr01Device } from './rhf3mr01-device';

export type ProductType = 'lorawan' | 'rhf3mr01' | 'rhf3m485';
export type DeviceProtocol = Rhf3mr01Device | LadtpDevice;

export function protocolOf(productType: string | undefined): DeviceProtocol | undefined {
  if (productType === 'rhf3mr01') return new Rhf3mr01Device();
  if (productType === 'rhf3m485') return new LadtpDevice();
  return undefined;
}

/** The largest FRMPayload an uplink at this data rate carries (what decides sub-packets and list pages). */
export function payloadSize(region: string, dr: number | undefined): number {
  try {
    return maxPayload(region, dr ?? 0).n;
  } catch {
    return 51;
  }
}

/** The uplink payloads answering one downlink on the protocol's port. */
export function answersTo(p: DeviceProtocol, payload: Buffer, size: number): Buffer[] {
  if (p instanceof LadtpDevice) return p.handle(payload, size);
  const a = p.handle(payload, size);
  return a ? [a] : [];
}

/** The message's name, for the simulator's lines. */
export function messageName(p: DeviceProtocol, payload: Buffer): string {
  try {
    return p instanceof LadtpDevice ? decodeRhf3m485(payload, 'up').type : decodeRhf3mr01(payload, 'up').type;
  } catch {
    return `type 0x${(payload[1] ?? 0).toString(16)}`;
  }
}
