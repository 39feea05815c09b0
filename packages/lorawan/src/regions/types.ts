import type { CFList } from '../cflist';

export type RegionId =
  | 'eu868'
  | 'us915'
  | 'au915'
  | 'cn470'
  | 'as923-1'
  | 'as923-2'
  | 'as923-3'
  | 'as923-4'
  | 'kr920'
  | 'in865'
  | 'ru864'
  | 'cn470alid';

export type DataRateDef =
  | { modulation: 'LORA'; sf: number /** kHz */; bw: number /** bit/s */; bitrate: number }
  | { modulation: 'FSK'; bitrate: number };

export interface RegionDataRate {
  dr: number;
  rate: DataRateDef;
  /** Max MACPayload (M) and max FRMPayload without FOpts (N), dwell time off / no repeater. */
  maxPayload: { m: number; n: number };
  /** Whether this DR is used uplink / downlink (e.g. US915 DR8..13 are downlink only). */
  uplink: boolean;
  downlink: boolean;
}

export interface Channel {
  /** Channel index in the region's channel numbering. */
  index: number;
  /** Hz */
  frequency: number;
  minDr: number;
  maxDr: number;
}

export interface Subnet {
  id: string;
  name: string;
  uplinkChannels: Channel[];
  /** CFList sent in the join-accept for this plan (null when the defaults suffice). */
  cfList: CFList | null;
}

export interface Region {
  id: RegionId;
  name: string;
  /** dynamic = channels defined by the network (CFList type 0); fixed = channel grid enabled by mask (type 1). */
  plan: 'dynamic' | 'fixed';
  /** Indexed by DR; null for RFU / unsupported entries. */
  dataRates: readonly (RegionDataRate | null)[];
  /** rx1DrTable[upDr][offset] → downlink DR (-1 where not defined). */
  rx1DrTable: readonly (readonly number[])[];
  /** Channels every device knows after reset (dynamic plans) — the join channels. */
  defaultChannels: readonly Channel[];
  /** Downlink frequency in RX1 for an uplink on `uplinkFreq` Hz. */
  rx1Frequency(uplinkFreq: number): number;
  rx2: { frequency: number; dr: number };
  /** Default (max) EIRP in dBm, i.e. TXPower 0. */
  defaultTxPower: number;
  /** TXPower index → dBm (index 0 = defaultTxPower). */
  txPowers: readonly number[];
  /** Default RX1 delay in seconds. */
  receiveDelay1: number;
  joinAcceptDelay1: number;
  subnets: readonly Subnet[];
}
