/**
 * A small radio model: gateways and devices placed on a plane, log-distance path loss with
 * shadowing, so each uplink is heard by the gateways in range with plausible RSSI and SNR.
 */
import { type Channel, dataRateOf, getRegion, getSubnet, parseDatr, type Region } from '@lns/lorawan/regions';

/** Standard normal sample (Box-Muller). */
export const gauss = (rand: () => number) => Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());

export interface Point {
  x: number;
  y: number;
}

/** Demodulation floor per spreading factor at 125 kHz (dBm), from SX1276 datasheet figures. */
const SENSITIVITY: Record<number, number> = { 7: -123, 8: -126, 9: -129, 10: -132, 11: -134.5, 12: -137 };
const NOISE_FLOOR = -117;
const TX_POWER_DBM = 14;

export const sensitivity = (sf: number) => SENSITIVITY[sf] ?? -123;

/** Path loss at distance (km): 120 dB at 1 km, exponent 3.5 (suburban). */
const pathLossDb = (km: number) => 120 + 35 * Math.log10(Math.max(km, 0.05));

/** Mean RSSI of a device's uplink at distance (km). */
export function meanRssi(km: number): number {
  return TX_POWER_DBM - pathLossDb(km);
}

/**
 * Whether a device `km` from a gateway hears a downlink sent at `powerDbm` with `datr`: the mean
 * path loss against the sensitivity (3 dB worse per doubling of the bandwidth), without fading, so
 * a device in range of two gateways hears both copies of a multicast frame. FSK is taken as SF7.
 */
export function hearsDownlink(km: number, datr: string | number, powerDbm: number): boolean {
  let floor = sensitivity(7);
  try {
    const d = parseDatr(datr);
    if (d.modulation === 'LORA') floor = sensitivity(d.sf!) + 10 * Math.log10(d.bw! / 125);
  } catch {
    return false;
  }
  return powerDbm - pathLossDb(km) >= floor;
}

/**
 * One reception: RSSI with 6 dB shadowing, SNR from the noise floor; null when below sensitivity.
 * `txPower` is the device's TXPower index: 2 dB less per step, as in most regions.
 */
export function receive(
  rand: () => number,
  km: number,
  sf: number,
  force = false,
  txPower = 0,
): { rssi: number; snr: number } | null {
  let rssi = meanRssi(km) - 2 * txPower + gauss(rand) * 6;
  if (rssi < sensitivity(sf)) {
    if (!force) return null;
    rssi = sensitivity(sf) + 1 + rand() * 3;
  }
  const snr = Math.max(-20, Math.min(13.5, rssi - NOISE_FLOOR + gauss(rand) * 1.5));
  return { rssi: Math.round(rssi), snr: Math.round(snr * 10) / 10 };
}

export const distanceKm = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Gateways on a ring of 1.5 km (one in the middle), devices in a 3 km disc. */
export function gatewayPosition(i: number, n: number): Point {
  if (i === 0) return { x: 0, y: 0 };
  const angle = (2 * Math.PI * (i - 1)) / Math.max(1, n - 1);
  return { x: 1.5 * Math.cos(angle), y: 1.5 * Math.sin(angle) };
}
export function devicePosition(rand: () => number): Point {
  const r = 3 * Math.sqrt(rand());
  const a = 2 * Math.PI * rand();
  return { x: r * Math.cos(a), y: r * Math.sin(a) };
}

/** The lowest SF whose sensitivity leaves 10 dB of margin to the best gateway (what ADR would pick). */
export function pickSf(bestKm: number): number {
  const rssi = meanRssi(bestKm);
  for (const sf of [7, 8, 9, 10, 11]) if (rssi - 10 >= sensitivity(sf)) return sf;
  return 12;
}

/** `sf`, or the slowest lower one the region has at 125 kHz (US915 uplinks stop at SF10). */
export function fitSf(plan: Pick<RadioPlan, 'drOf'>, sf: number): number {
  for (let s = sf; s >= 7; s--) if (plan.drOf(s) !== undefined) return s;
  return sf;
}

export interface RadioPlan {
  region: Region;
  /** Channels for data uplinks (the subnet's) and for joins (the region's defaults). */
  data: Channel[];
  join: Channel[];
  /** The plan's uplink channels, all of them: what a device has enabled at the start. */
  channels: Channel[];
  /** The region's DR for an SF at 125 kHz (undefined when the region lacks it). */
  drOf(sf: number): number | undefined;
  /** The SF of a LoRa 125 kHz data rate of the region (undefined otherwise). */
  sfOf(dr: number): number | undefined;
}

export function radioPlan(regionId: string, subnetId?: string): RadioPlan {
  const region = getRegion(regionId);
  const subnet = subnetId ? getSubnet(region, subnetId) : region.subnets[0];
  const bw125 = (c: Channel) => c.minDr <= 3;
  const data = (subnet?.uplinkChannels ?? region.defaultChannels).filter(bw125);
  // Fixed plans (US915...) join on the subnet's sub-band; dynamic ones on the default channels.
  const join = region.plan === 'fixed' ? data : [...region.defaultChannels];
  return {
    region,
    data: data.length ? data : join,
    join,
    channels: [...(subnet?.uplinkChannels ?? region.defaultChannels)],
    drOf: (sf) => {
      try {
        return dataRateOf(region, sf, 125);
      } catch {
        return undefined;
      }
    },
    sfOf: (dr) => {
      const rate = region.dataRates[dr]?.rate;
      return rate?.modulation === 'LORA' && rate.bw === 125 ? rate.sf : undefined;
    },
  };
}
