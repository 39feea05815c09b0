import { fskTimeOnAir, loraTimeOnAir } from './airtime';
import type { CFList } from './cflist';
import { checkInt, fail } from './errors';
import { as923_1, as923_2, as923_3, as923_4 } from './regions/as923';
import { au915 } from './regions/au915';
import { cn470 } from './regions/cn470';
import { cn470alid } from './regions/cn470alid';
import { eu868 } from './regions/eu868';
import { in865 } from './regions/in865';
import { kr920 } from './regions/kr920';
import { ru864 } from './regions/ru864';
import type { Region, RegionDataRate, RegionId, Subnet } from './regions/types';
import { us915 } from './regions/us915';

export type { Channel, DataRateDef, Region, RegionDataRate, RegionId, Subnet } from './regions/types';

const REGIONS: readonly Region[] = [
  eu868,
  us915,
  au915,
  cn470,
  as923_1,
  as923_2,
  as923_3,
  as923_4,
  kr920,
  in865,
  ru864,
  cn470alid,
];
const BY_ID = new Map<string, Region>(REGIONS.map((r) => [r.id, r]));

type RegionRef = Region | RegionId | string;

/** The region with this id ('eu868', 'us915', 'as923-2', 'cn470alid', ...). Throws UNKNOWN_REGION. */
export function getRegion(id: RegionRef): Region {
  if (typeof id === 'object') return id;
  const r = BY_ID.get(String(id).toLowerCase());
  return r ?? fail('UNKNOWN_REGION', `unknown region '${id}'`);
}

export const listRegions = (): readonly Region[] => REGIONS;

/** A channel plan of a region ('us915-2', 'eu868-default', 'pico-net', ...). Throws UNKNOWN_SUBNET. */
export function getSubnet(regionId: RegionRef, subnetId: string): Subnet {
  const r = getRegion(regionId);
  const s = r.subnets.find((x) => x.id === subnetId);
  return s ?? fail('UNKNOWN_SUBNET', `region ${r.id} has no subnet '${subnetId}'`);
}

/** CFList for the join-accept of a device on this subnet (type 0 for dynamic plans, type 1 for fixed ones). */
export const joinAcceptCFList = (regionId: RegionRef, subnetId: string): CFList | null =>
  getSubnet(regionId, subnetId).cfList;

/** The data-rate entry for `dr`. Throws UNKNOWN_DR. */
export function getDataRate(region: RegionRef, dr: number): RegionDataRate {
  const r = getRegion(region);
  const d = Number.isInteger(dr) ? r.dataRates[dr] : undefined;
  return d ?? fail('UNKNOWN_DR', `region ${r.id} has no DR${dr}`);
}

/** RX1 downlink frequency (Hz) for an uplink received on `uplinkFreq` Hz. */
export const rx1Frequency = (region: RegionRef, uplinkFreq: number): number =>
  getRegion(region).rx1Frequency(uplinkFreq);

/** RX1 downlink data rate for an uplink at `upDr` with the device's RX1DROffset. Throws UNKNOWN_DR / BAD_FIELD. */
export function rx1DataRate(region: RegionRef, upDr: number, offset: number): number {
  const r = getRegion(region);
  const row = Number.isInteger(upDr) ? r.rx1DrTable[upDr] : undefined;
  if (!row) return fail('UNKNOWN_DR', `region ${r.id} has no RX1 mapping for uplink DR${upDr}`);
  checkInt('rx1DrOffset', offset, 0, row.length - 1);
  const dr = row[offset]!;
  return dr >= 0 ? dr : fail('UNKNOWN_DR', `region ${r.id}: no RX1 DR for DR${upDr} offset ${offset}`);
}

export interface Datr {
  modulation: 'LORA' | 'FSK';
  sf?: number;
  /** kHz */
  bw?: number;
  /** FSK bit/s */
  bitrate?: number;
}

/** Parses a packet-forwarder datr: 'SF7BW125' → { LORA, sf 7, bw 125 }; a number (FSK bit rate) → FSK. */
export function parseDatr(datr: string | number): Datr {
  if (typeof datr === 'number') {
    if (!Number.isInteger(datr) || datr <= 0) fail('BAD_DATR', `bad FSK datr ${datr}`);
    return { modulation: 'FSK', bitrate: datr };
  }
  const m = /^SF(\d{1,2})BW(\d{1,4})$/i.exec(String(datr).trim());
  if (!m) return fail('BAD_DATR', `cannot parse datr '${datr}' (expected e.g. 'SF7BW125')`);
  const sf = Number(m[1]);
  const bw = Number(m[2]);
  if (sf < 5 || sf > 12 || ![125, 250, 500, 812, 1625].includes(bw)) fail('BAD_DATR', `unsupported datr '${datr}'`);
  return { modulation: 'LORA', sf, bw };
}

/** Formats a LoRa data rate the way packet forwarders do ('SF7BW125'). */
export const formatDatr = (sf: number, bw: number): string => `SF${sf}BW${bw}`;

/**
 * DR index of a LoRa SF/BW in a region, for `dir` (default 'up'; US915 SF8BW500 is DR4 up but DR12 down).
 * For FSK use `dataRateOfFsk`. Throws UNKNOWN_DR when the region has no such DR.
 */
export function dataRateOf(region: RegionRef, sf: number, bw: number, dir: 'up' | 'down' = 'up'): number {
  const r = getRegion(region);
  const d = r.dataRates.find(
    (x) =>
      x &&
      x.rate.modulation === 'LORA' &&
      x.rate.sf === sf &&
      x.rate.bw === bw &&
      (dir === 'up' ? x.uplink : x.downlink),
  );
  return d ? d.dr : fail('UNKNOWN_DR', `region ${r.id} has no ${dir}link DR for SF${sf}BW${bw}`);
}

/** DR index of FSK in a region (EU868 DR7 ...). Throws UNKNOWN_DR. */
export function dataRateOfFsk(region: RegionRef, bitrate = 50000): number {
  const r = getRegion(region);
  const d = r.dataRates.find((x) => x && x.rate.modulation === 'FSK' && x.rate.bitrate === bitrate);
  return d ? d.dr : fail('UNKNOWN_DR', `region ${r.id} has no FSK ${bitrate} bit/s DR`);
}

/** DR index for a packet-forwarder datr string or FSK bit rate. */
export function dataRateOfDatr(region: RegionRef, datr: string | number, dir: 'up' | 'down' = 'up'): number {
  const d = parseDatr(datr);
  return d.modulation === 'FSK' ? dataRateOfFsk(region, d.bitrate) : dataRateOf(region, d.sf!, d.bw!, dir);
}

/** Max MACPayload M and FRMPayload N (bytes) at `dr` (dwell time off). */
export const maxPayload = (region: RegionRef, dr: number): { m: number; n: number } =>
  getDataRate(region, dr).maxPayload;

/**
 * Time on air in ms of a PHYPayload of `payloadBytes` at `dr`: LoRa CR 4/5, preamble 8, explicit header,
 * CRC on (pass crc false for downlinks), LDRO for SF11/12 at 125 kHz; FSK 50 kbit/s.
 */
export function timeOnAir(region: RegionRef, dr: number, payloadBytes: number, crc = true): number {
  const d = getDataRate(region, dr).rate;
  if (d.modulation === 'FSK') return fskTimeOnAir(payloadBytes, d.bitrate);
  return loraTimeOnAir({ payloadBytes, sf: d.sf, bw: d.bw, crc });
}

/** TXPower index → dBm. Throws BAD_FIELD. */
export function txPowerDbm(region: RegionRef, txPower: number): number {
  const r = getRegion(region);
  checkInt('txPower', txPower, 0, r.txPowers.length - 1);
  return r.txPowers[txPower]!;
}
