import { readFreq, writeFreq } from '../bytes';
import { checkInt, fail } from '../errors';

/**
 * LoRaWAN Relay TS011-1.0.0: the two payloads a relay and the network server exchange on FPort 226.
 * Like FPort 0, the FRMPayload on this port is encrypted with the relay's NwkSEncKey (NwkSKey in
 * LoRaWAN 1.0.x), not with its AppSKey; this module only frames the plaintext.
 */
export const RELAY_FPORT = 226;

/** WOR channel the relay heard the end-device on: 0 the default channel, 1 the second channel. */
export type WorChannel = 0 | 1;

/** What the relay measured of the relayed uplink. */
export interface UplinkMetadata {
  /** Data rate of the end-device's uplink, 0..15. */
  dataRate: number;
  /** dB; the field carries -20..11, beyond is sent as the nearest end. */
  snr: number;
  /** dBm; the field carries -142..-15, beyond is sent as the nearest end. */
  rssi: number;
  worChannel: WorChannel;
}

export interface ForwardUplinkReq {
  metadata: UplinkMetadata;
  /** Hz, a multiple of 100. */
  frequency: number;
  /** The end-device's PHYPayload exactly as the relay received it (MHDR … MIC). */
  phyPayload: Uint8Array;
}

/** The downlink for the end-device: its whole PHYPayload, sent to the relay on FPort 226. */
export interface ForwardDownlinkReq {
  phyPayload: Uint8Array;
}

export const SNR_MIN = -20;
export const SNR_MAX = 11;
export const RSSI_MIN = -142;
export const RSSI_MAX = -15;
/** Bytes the ForwardUplinkReq header adds to the relayed PHYPayload (3 metadata + 3 frequency). */
export const FORWARD_OVERHEAD = 6;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Math.round(v)));

/**
 * 3 bytes, little-endian 24-bit word: bits 3..0 DR, 8..4 SNR + 20, 15..9 −(RSSI + 15),
 * 17..16 WOR channel, 23..18 RFU (sent as 0, ignored on reading).
 */
export function encodeUplinkMetadata(m: UplinkMetadata): Buffer {
  checkInt('dataRate', m.dataRate, 0, 15);
  checkInt('worChannel', m.worChannel, 0, 1);
  if (!Number.isFinite(m.snr) || !Number.isFinite(m.rssi)) fail('BAD_FIELD', 'snr and rssi must be finite numbers');
  const snr = clamp(m.snr, SNR_MIN, SNR_MAX) - SNR_MIN;
  const rssi = -(clamp(m.rssi, RSSI_MIN, RSSI_MAX) + 15);
  return Buffer.from([m.dataRate | ((snr & 0x0f) << 4), (snr >> 4) | (rssi << 1), m.worChannel]);
}

export function decodeUplinkMetadata(b: Uint8Array, o = 0): UplinkMetadata {
  if (b.length < o + 3) fail('TOO_SHORT', 'UplinkMetadata needs 3 bytes');
  const worChannel = b[o + 2]! & 0x03;
  if (worChannel > 1) fail('BAD_FIELD', `WOR channel ${worChannel} is reserved`);
  return {
    dataRate: b[o]! & 0x0f,
    snr: ((b[o]! >> 4) | ((b[o + 1]! & 0x01) << 4)) + SNR_MIN,
    rssi: -(b[o + 1]! >> 1) - 15,
    worChannel: worChannel as WorChannel,
  };
}

/** A PHYPayload has at least its MHDR; what follows is checked by the frame codec, not here. */
const MIN_PHY = 1;

export function encodeForwardUplinkReq(r: ForwardUplinkReq): Buffer {
  if (r.phyPayload.length < MIN_PHY) fail('TOO_SHORT', `relayed PHYPayload needs at least ${MIN_PHY} bytes`);
  const head = Buffer.alloc(FORWARD_OVERHEAD);
  encodeUplinkMetadata(r.metadata).copy(head, 0);
  writeFreq(head, 3, r.frequency);
  return Buffer.concat([head, r.phyPayload]);
}

export function decodeForwardUplinkReq(b: Uint8Array): ForwardUplinkReq {
  if (b.length < FORWARD_OVERHEAD + MIN_PHY) {
    fail('TOO_SHORT', `ForwardUplinkReq needs at least ${FORWARD_OVERHEAD + MIN_PHY} bytes, got ${b.length}`);
  }
  return {
    metadata: decodeUplinkMetadata(b, 0),
    frequency: readFreq(b, 3),
    phyPayload: Buffer.from(b.subarray(FORWARD_OVERHEAD)),
  };
}

/** ForwardDownlinkReq is the bare PHYPayload: no header of its own. */
export function encodeForwardDownlinkReq(r: ForwardDownlinkReq): Buffer {
  if (r.phyPayload.length < MIN_PHY) fail('TOO_SHORT', `forwarded PHYPayload needs at least ${MIN_PHY} bytes`);
  return Buffer.from(r.phyPayload);
}

export function decodeForwardDownlinkReq(b: Uint8Array): ForwardDownlinkReq {
  if (b.length < MIN_PHY) fail('TOO_SHORT', `ForwardDownlinkReq needs at least ${MIN_PHY} bytes, got ${b.length}`);
  return { phyPayload: Buffer.from(b) };
}
