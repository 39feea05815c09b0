import { asBuffer, checkHex, fromHexReversed, toHexReversed, writeUintLE } from './bytes';
import { checkInt, fail } from './errors';

/** FOpts carries at most 15 bytes (FOptsLen is 4 bits). */
export const FOPTS_MAX = 15;

/** Message types (MHDR bits 7..5). RejoinRequest is LoRaWAN 1.1 (RFU in 1.0.x). */
export const MTYPES = [
  'JoinRequest',
  'JoinAccept',
  'UnconfirmedDataUp',
  'UnconfirmedDataDown',
  'ConfirmedDataUp',
  'ConfirmedDataDown',
  'RejoinRequest',
  'Proprietary',
] as const;
export type MType = (typeof MTYPES)[number];
export type DataMType = 'UnconfirmedDataUp' | 'UnconfirmedDataDown' | 'ConfirmedDataUp' | 'ConfirmedDataDown';

/** Largest PHYPayload a LoRa radio carries. */
export const MAX_PHY_PAYLOAD = 255;

export const mTypeCode = (t: MType): number => MTYPES.indexOf(t);
export const isUplink = (t: MType): boolean =>
  t === 'JoinRequest' || t === 'UnconfirmedDataUp' || t === 'ConfirmedDataUp' || t === 'RejoinRequest';
export const isDataMType = (t: MType): t is DataMType =>
  t === 'UnconfirmedDataUp' || t === 'UnconfirmedDataDown' || t === 'ConfirmedDataUp' || t === 'ConfirmedDataDown';

export interface JoinRequestFrame {
  mType: 'JoinRequest';
  /** JoinEUI (AppEUI in 1.0.x), big-endian hex. */
  joinEUI: string;
  devEUI: string;
  devNonce: number;
  mic: Uint8Array;
}

/** A join-accept as on the wire: everything after MHDR is encrypted (MIC included). */
export interface JoinAcceptFrame {
  mType: 'JoinAccept';
  /** 16 bytes, or 32 with a CFList. */
  encrypted: Uint8Array;
}

export type RejoinRequestFrame =
  | { mType: 'RejoinRequest'; rejoinType: 0 | 2; netID: string; devEUI: string; rjCount: number; mic: Uint8Array }
  | { mType: 'RejoinRequest'; rejoinType: 1; joinEUI: string; devEUI: string; rjCount: number; mic: Uint8Array };

/**
 * Frame control. Bit 4 is ClassB on uplinks and FPending on downlinks; bit 6 is ADRACKReq on uplinks (RFU down).
 * Fields not meaningful in the frame's direction decode as false and must be false to encode.
 */
export interface FCtrl {
  adr: boolean;
  adrAckReq: boolean;
  ack: boolean;
  fPending: boolean;
  classB: boolean;
}

export interface DataFrame {
  mType: DataMType;
  /** Big-endian hex (8 chars). */
  devAddr: string;
  fCtrl: FCtrl;
  /** The 16-bit FCnt as sent on the wire. Use `reconstructFCnt` (fcnt.ts) for the 32-bit value. */
  fCnt: number;
  /** FOpts as on the wire (clear text in 1.0.x, encrypted in 1.1). At most 15 bytes. */
  fOpts: Uint8Array;
  /** null when the frame carries no FPort (and then no FRMPayload). */
  fPort: number | null;
  /** FRMPayload as on the wire (encrypted). */
  frmPayload: Uint8Array;
  mic: Uint8Array;
}

export interface ProprietaryFrame {
  mType: 'Proprietary';
  /** Everything after MHDR (no MIC is interpreted). */
  payload: Uint8Array;
}

export type PhyPayload = JoinRequestFrame | JoinAcceptFrame | RejoinRequestFrame | DataFrame | ProprietaryFrame;

const need = (b: Uint8Array, n: number, what: string): void => {
  if (b.length < n) fail('TOO_SHORT', `${what} needs at least ${n} bytes, got ${b.length}`);
};
const exact = (b: Uint8Array, n: number, what: string): void => {
  need(b, n, what);
  if (b.length !== n) fail('BAD_LENGTH', `${what} must be exactly ${n} bytes, got ${b.length}`);
};

/**
 * Decodes a PHYPayload. Throws LorawanError (TOO_SHORT, TOO_LONG, BAD_LENGTH, BAD_MAJOR, BAD_FOPTS_LEN, BAD_FPORT,
 * BAD_FIELD) on malformed input. Byte fields of the result are views into `input` (no copy).
 */
export function decodePhy(input: Uint8Array): PhyPayload {
  if (!(input instanceof Uint8Array)) fail('BAD_FIELD', 'PHYPayload must be a Uint8Array');
  const b = asBuffer(input);
  need(b, 1, 'PHYPayload');
  if (b.length > MAX_PHY_PAYLOAD) fail('TOO_LONG', `PHYPayload is ${b.length} bytes, max ${MAX_PHY_PAYLOAD}`);
  const mhdr = b[0]!;
  const major = mhdr & 0x03;
  if (major !== 0) fail('BAD_MAJOR', `unsupported Major ${major} (only LoRaWAN R1 = 0)`);
  const mType = MTYPES[mhdr >> 5]!;
  switch (mType) {
    case 'JoinRequest':
      exact(b, 23, 'join-request');
      return {
        mType,
        joinEUI: toHexReversed(b.subarray(1, 9)),
        devEUI: toHexReversed(b.subarray(9, 17)),
        devNonce: b[17]! | (b[18]! << 8),
        mic: b.subarray(19, 23),
      };
    case 'JoinAccept':
      need(b, 17, 'join-accept');
      if (b.length !== 17 && b.length !== 33) {
        fail('BAD_LENGTH', `join-accept must be 17 or 33 bytes (with CFList), got ${b.length}`);
      }
      return { mType, encrypted: b.subarray(1) };
    case 'RejoinRequest': {
      need(b, 2, 'rejoin-request');
      const rejoinType = b[1]!;
      const mic = b.subarray(b.length - 4);
      if (rejoinType === 0 || rejoinType === 2) {
        exact(b, 19, `rejoin-request type ${rejoinType}`);
        return {
          mType,
          rejoinType,
          netID: toHexReversed(b.subarray(2, 5)),
          devEUI: toHexReversed(b.subarray(5, 13)),
          rjCount: b[13]! | (b[14]! << 8),
          mic,
        };
      }
      if (rejoinType === 1) {
        exact(b, 24, 'rejoin-request type 1');
        return {
          mType,
          rejoinType,
          joinEUI: toHexReversed(b.subarray(2, 10)),
          devEUI: toHexReversed(b.subarray(10, 18)),
          rjCount: b[18]! | (b[19]! << 8),
          mic,
        };
      }
      return fail('BAD_FIELD', `unknown rejoin type ${rejoinType}`);
    }
    case 'Proprietary':
      return { mType, payload: b.subarray(1) };
    default:
      return decodeData(b, mType);
  }
}

function decodeData(b: Buffer, mType: DataMType): DataFrame {
  need(b, 12, 'data frame (MHDR + FHDR + MIC)');
  const fctrl = b[5]!;
  const fOptsLen = fctrl & 0x0f;
  const end = b.length - 4;
  if (8 + fOptsLen > end) {
    fail('BAD_FOPTS_LEN', `FOptsLen ${fOptsLen} overruns the frame (${end - 8} bytes left before MIC)`);
  }
  const up = isUplink(mType);
  const fOpts = b.subarray(8, 8 + fOptsLen);
  let fPort: number | null = null;
  let frmPayload = b.subarray(8 + fOptsLen, 8 + fOptsLen);
  if (8 + fOptsLen < end) {
    fPort = b[8 + fOptsLen]!;
    frmPayload = b.subarray(9 + fOptsLen, end);
    if (fPort === 0 && fOptsLen > 0) fail('BAD_FPORT', 'FPort 0 (MAC commands in FRMPayload) with non-empty FOpts');
  }
  return {
    mType,
    devAddr: toHexReversed(b.subarray(1, 5)),
    fCtrl: {
      adr: (fctrl & 0x80) !== 0,
      adrAckReq: up && (fctrl & 0x40) !== 0,
      ack: (fctrl & 0x20) !== 0,
      fPending: !up && (fctrl & 0x10) !== 0,
      classB: up && (fctrl & 0x10) !== 0,
    },
    fCnt: b[6]! | (b[7]! << 8),
    fOpts,
    fPort,
    frmPayload,
    mic: b.subarray(end),
  };
}

const mic4 = (m: Uint8Array | undefined): Uint8Array => {
  if (m === undefined) return new Uint8Array(4);
  if (m.length !== 4) fail('BAD_FIELD', `MIC must be 4 bytes, got ${m.length}`);
  return m;
};

/** Encodes one FCtrl byte for a direction (FOptsLen included). */
export function encodeFCtrl(f: FCtrl, uplink: boolean, fOptsLen: number): number {
  if (uplink && f.fPending) fail('BAD_FIELD', 'FPending is a downlink flag');
  if (!uplink && (f.classB || f.adrAckReq)) fail('BAD_FIELD', 'ClassB and ADRACKReq are uplink flags');
  return (
    (f.adr ? 0x80 : 0) | (f.adrAckReq ? 0x40 : 0) | (f.ack ? 0x20 : 0) | (f.fPending || f.classB ? 0x10 : 0) | fOptsLen
  );
}

/** Encodes a PHYPayload. Field ranges are checked (BAD_FIELD); a missing MIC encodes as zeros. */
export function encodePhy(frame: PhyPayload): Buffer {
  const code = mTypeCode(frame.mType);
  if (code < 0) fail('BAD_MTYPE', `unknown MType ${String(frame.mType)}`);
  const mhdr = code << 5;
  let out: Buffer;
  switch (frame.mType) {
    case 'JoinRequest': {
      out = Buffer.alloc(23);
      fromHexReversed(frame.joinEUI, 8, 'joinEUI').copy(out, 1);
      fromHexReversed(frame.devEUI, 8, 'devEUI').copy(out, 9);
      writeUintLE(out, 17, 2, checkInt('devNonce', frame.devNonce, 0, 0xffff));
      out.set(mic4(frame.mic), 19);
      break;
    }
    case 'JoinAccept': {
      if (frame.encrypted.length !== 16 && frame.encrypted.length !== 32) {
        fail('BAD_LENGTH', 'join-accept encrypted part must be 16 or 32 bytes');
      }
      out = Buffer.alloc(1 + frame.encrypted.length);
      out.set(frame.encrypted, 1);
      break;
    }
    case 'RejoinRequest': {
      if (frame.rejoinType === 1) {
        out = Buffer.alloc(24);
        out[1] = 1;
        fromHexReversed(frame.joinEUI, 8, 'joinEUI').copy(out, 2);
        fromHexReversed(frame.devEUI, 8, 'devEUI').copy(out, 10);
        writeUintLE(out, 18, 2, checkInt('rjCount', frame.rjCount, 0, 0xffff));
        out.set(mic4(frame.mic), 20);
      } else {
        if (frame.rejoinType !== 0 && frame.rejoinType !== 2) fail('BAD_FIELD', 'rejoinType must be 0, 1 or 2');
        out = Buffer.alloc(19);
        out[1] = frame.rejoinType;
        fromHexReversed(frame.netID, 3, 'netID').copy(out, 2);
        fromHexReversed(frame.devEUI, 8, 'devEUI').copy(out, 5);
        writeUintLE(out, 13, 2, checkInt('rjCount', frame.rjCount, 0, 0xffff));
        out.set(mic4(frame.mic), 15);
      }
      break;
    }
    case 'Proprietary':
      out = Buffer.alloc(1 + frame.payload.length);
      out.set(frame.payload, 1);
      break;
    default:
      out = encodeData(frame);
  }
  out[0] = mhdr;
  if (out.length > MAX_PHY_PAYLOAD) fail('TOO_LONG', `PHYPayload would be ${out.length} bytes, max ${MAX_PHY_PAYLOAD}`);
  return out;
}

function encodeData(f: DataFrame): Buffer {
  if (!isDataMType(f.mType)) fail('BAD_MTYPE', `not a data MType: ${f.mType}`);
  const fOptsLen = f.fOpts.length;
  if (fOptsLen > FOPTS_MAX) fail('BAD_FOPTS_LEN', `FOpts is ${fOptsLen} bytes, max ${FOPTS_MAX}`);
  if (f.fPort === null) {
    if (f.frmPayload.length > 0) fail('BAD_FPORT', 'FRMPayload present without FPort');
  } else {
    checkInt('fPort', f.fPort, 0, 255);
    if (f.fPort === 0 && fOptsLen > 0) fail('BAD_FPORT', 'FPort 0 with non-empty FOpts');
  }
  const len = 8 + fOptsLen + (f.fPort === null ? 0 : 1 + f.frmPayload.length) + 4;
  const out = Buffer.alloc(len);
  fromHexReversed(checkHex('devAddr', f.devAddr, 4), 4, 'devAddr').copy(out, 1);
  out[5] = encodeFCtrl(f.fCtrl, isUplink(f.mType), fOptsLen);
  writeUintLE(out, 6, 2, checkInt('fCnt (16-bit wire value)', f.fCnt, 0, 0xffff));
  out.set(f.fOpts, 8);
  if (f.fPort !== null) {
    out[8 + fOptsLen] = f.fPort;
    out.set(f.frmPayload, 9 + fOptsLen);
  }
  out.set(mic4(f.mic), len - 4);
  return out;
}

/** The bytes a MIC covers (the PHYPayload without its last 4 bytes). */
export const micInput = (phy: Uint8Array): Uint8Array => phy.subarray(0, phy.length - 4);
