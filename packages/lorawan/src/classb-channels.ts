import { BEACON_PERIOD_MS, beaconTime } from './classb';
import { fail } from './errors';
import type { Region, RegionId } from './regions/types';

/**
 * Where class B frames go on the air, per region (LoRaWAN Regional Parameters RP002-1.0.x, the
 * class B chapter of each region; LoRaWAN L2 1.0.4 §13-14). A region either keeps its beacon and ping
 * slots on one frequency, or hops over 8 downlink channels from one beacon period to the next:
 *   beacon channel    = floor(beaconTime / 128) mod 8
 *   ping-slot channel = (DevAddr + floor(beaconTime / 128)) mod 8   (McAddr for a multicast group)
 * beaconTime being the GPS seconds at the start of the beacon period the frame falls in.
 */
type Channels = { fixedHz: number } | { hopFromHz: number; stepHz: number };

export interface ClassBPlan {
  channels: Channels;
  /** Data rate of the beacon. */
  beaconDr: number;
  /** Default data rate of the ping slots (unicast and multicast) until a device is told otherwise. */
  pingSlotDr: number;
}

const fixed = (hz: number, dr: number): ClassBPlan => ({ channels: { fixedHz: hz }, beaconDr: dr, pingSlotDr: dr });
const hopping = (fromHz: number, stepHz: number, dr: number): ClassBPlan => ({
  channels: { hopFromHz: fromHz, stepHz },
  beaconDr: dr,
  pingSlotDr: dr,
});

/** AS923-1..4: 923.4 MHz shifted by the variant's frequency offset, as the rest of its plan (RP002 §2.8). */
const AS923_OFFSETS_HZ = { 'as923-1': 0, 'as923-2': -1_800_000, 'as923-3': -6_600_000, 'as923-4': -5_900_000 };

/**
 * Every region this package models, plus EU433 and CN779 (not modelled as regions here, kept so
 * the table matches RP002 when they are). US915/AU915: the 8 RX1 downlink channels 923.3 + 0.6·n
 * MHz at DR8 (SF12 BW500; in AU915 with downlink dwell time off, the only setting modelled).
 * CN470: the LoRaWAN 1.0.x-era plan this package models (96 up / 48 down), beacons and ping
 * slots on 508.3 + 0.2·n MHz at DR2; cn470alid follows CN470's downlink rules.
 */
const PLANS: Record<RegionId | 'eu433' | 'cn779', ClassBPlan> = {
  eu868: fixed(869_525_000, 3),
  eu433: fixed(434_665_000, 3),
  cn779: fixed(785_000_000, 3),
  ru864: fixed(868_900_000, 3),
  in865: fixed(866_550_000, 4),
  kr920: fixed(923_100_000, 3),
  'as923-1': fixed(923_400_000 + AS923_OFFSETS_HZ['as923-1'], 3),
  'as923-2': fixed(923_400_000 + AS923_OFFSETS_HZ['as923-2'], 3),
  'as923-3': fixed(923_400_000 + AS923_OFFSETS_HZ['as923-3'], 3),
  'as923-4': fixed(923_400_000 + AS923_OFFSETS_HZ['as923-4'], 3),
  us915: hopping(923_300_000, 600_000, 8),
  au915: hopping(923_300_000, 600_000, 8),
  cn470: hopping(508_300_000, 200_000, 2),
  cn470alid: hopping(508_300_000, 200_000, 2),
};
const HOP_CHANNELS = 8;

type RegionRef = Pick<Region, 'id'> | string;
const idOf = (r: RegionRef): string => (typeof r === 'string' ? r : r.id).toLowerCase();

/** The class B plan of a region. Throws UNKNOWN_REGION. */
export function classBPlan(region: RegionRef): ClassBPlan {
  const id = idOf(region);
  return Object.hasOwn(PLANS, id)
    ? PLANS[id as keyof typeof PLANS]
    : fail('UNKNOWN_REGION', `no class B plan for '${id}'`);
}

/** Whether the region's beacons and default ping slots hop over channels (US915, AU915, CN470). */
export const classBHops = (region: RegionRef): boolean => 'hopFromHz' in classBPlan(region).channels;

export interface ClassBChannel {
  freqHz: number;
  dr: number;
}

/** A channel set on a device or group: LoRaWAN PingSlotChannelReq, TS005 McClassBSessionReq. */
export interface ClassBSetting {
  /** 0: the region's default channel (hopping where the region hops). */
  freqHz: number;
  dr: number;
}

const periodIndex = (beaconTimeS: number): number => Math.floor(beaconTimeS / (BEACON_PERIOD_MS / 1000));

function frequencyOf(channels: Channels, addr: number, beaconTimeS: number): number {
  if ('fixedHz' in channels) return channels.fixedHz;
  return channels.hopFromHz + ((addr + periodIndex(beaconTimeS)) % HOP_CHANNELS) * channels.stepHz;
}

/** The channel of the beacon sent at `beaconTimeS` (GPS seconds, the start of a beacon period). */
export function beaconChannel(region: RegionRef, beaconTimeS: number): ClassBChannel {
  const plan = classBPlan(region);
  return { freqHz: frequencyOf(plan.channels, 0, beaconTimeS), dr: plan.beaconDr };
}

/**
 * The channel of a ping slot in the beacon period starting at `beaconTimeS`, for a device's
 * DevAddr or a multicast group's McAddr (8 hex digits, big-endian). `set`: a channel the device or
 * group was given; its frequency 0 keeps the region's default (hopping) frequency, its DR applies.
 */
export function pingSlotChannel(
  region: RegionRef,
  devAddr: string,
  beaconTimeS: number,
  set?: ClassBSetting,
): ClassBChannel {
  const plan = classBPlan(region);
  if (!/^[0-9a-f]{8}$/i.test(devAddr)) fail('BAD_FIELD', `devAddr must be 8 hex digits, got '${devAddr}'`);
  const addr = Number.parseInt(devAddr, 16);
  const freqHz = set && set.freqHz > 0 ? set.freqHz : frequencyOf(plan.channels, addr, beaconTimeS);
  return { freqHz, dr: set ? set.dr : plan.pingSlotDr };
}

/** The channel of the ping slot at `slotGpsMs` (its beacon period is the one the slot falls in). */
export const pingSlotChannelAt = (
  region: RegionRef,
  devAddr: string,
  slotGpsMs: number,
  set?: ClassBSetting,
): ClassBChannel => pingSlotChannel(region, devAddr, beaconTime(slotGpsMs), set);

/**
 * The region's default as a device is told it (TS005 McClassBSessionReq DLFrequency and DR): the
 * fixed frequency, or 0 where the ping slots hop, which tells the device to hop by its address.
 */
export function defaultPingSlotSetting(region: RegionRef): ClassBSetting {
  const plan = classBPlan(region);
  return { freqHz: 'fixedHz' in plan.channels ? plan.channels.fixedHz : 0, dr: plan.pingSlotDr };
}
