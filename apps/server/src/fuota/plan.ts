import { createHash } from 'node:crypto';
import { FUOTA } from '@lns/contract/fuota';
import { loraTimeOnAir } from '@lns/lorawan/airtime';
import { MAX_FRAGMENT_INDEX } from '@lns/lorawan/applayer/ts004';
import { getDataRate, maxPayload, type Region } from '@lns/lorawan/regions';

/** LoRaWAN frame bytes around a multicast FRMPayload: MHDR, FHDR without FOpts, FPort, MIC. */
const FRAME_OVERHEAD = 1 + 7 + 1 + 4;
/** Duty cycle of the RX2 channel where a region limits it (EU868 869.525 MHz: band g3, 10 %). */
const RX2_DUTY_CYCLE: Partial<Record<string, number>> = { eu868: 0.1, ru864: 0.1 };
/** With no duty-cycle limit, the gap a gateway gets between two frames. */
const GAP_MS = 50;

export interface FragmentPlan {
  fragSize: number;
  nbFrag: number;
  padding: number;
  redundancy: number;
  /** The first 4 bytes of the image's SHA-256 (FragSessionSetupReq.Descriptor), hex. */
  descriptor: string;
  digest: string;
}

/**
 * How an image is cut (docs/protocols/fuota.md): fragments as large as a frame at the region's
 * RX2 data rate carries, the last one padded, and redundancyPercent of parity fragments after them.
 */
export function planFragments(region: Region, image: Uint8Array, redundancyPercent: number): FragmentPlan {
  const fragSize = Math.min(255, maxPayload(region, region.rx2.dr).n - FUOTA.fragmentOverhead);
  const nbFrag = Math.ceil(image.length / fragSize);
  const redundancy = Math.min(Math.ceil((nbFrag * redundancyPercent) / 100), MAX_FRAGMENT_INDEX - nbFrag);
  const digest = createHash('sha256').update(image).digest('hex');
  return {
    fragSize,
    nbFrag,
    padding: nbFrag * fragSize - image.length,
    redundancy,
    descriptor: digest.slice(0, 8),
    digest,
  };
}

/** Milliseconds between two fragments: the configured value, or what the RX2 channel allows. */
export function fragmentIntervalMs(region: Region, fragSize: number, configured: number): number {
  if (configured > 0) return configured;
  const rate = getDataRate(region, region.rx2.dr).rate;
  const bytes = FRAME_OVERHEAD + FUOTA.fragmentOverhead + fragSize;
  const air =
    rate.modulation === 'LORA'
      ? loraTimeOnAir({ payloadBytes: bytes, sf: rate.sf, bw: rate.bw, crc: false })
      : (bytes * 8 * 1000) / rate.bitrate;
  const duty = RX2_DUTY_CYCLE[region.id];
  return Math.ceil(duty ? air / duty : air + GAP_MS);
}
