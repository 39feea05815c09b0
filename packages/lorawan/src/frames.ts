import { type KeyLike, toKey } from './bytes';
import { computeDataMic, encryptFrmPayload, micEquals } from './crypto';
import { fail } from './errors';
import { reconstructFCnt } from './fcnt';
import { type DataFrame, type DataMType, decodePhy, encodePhy, type FCtrl, isDataMType, isUplink } from './phy';

export interface BuildDataFrameParams {
  mType: DataMType;
  devAddr: string;
  /** Full 32-bit frame counter (the low 16 bits go on the wire). */
  fCnt: number;
  fCtrl?: Partial<FCtrl>;
  /** MAC commands piggybacked in FOpts (clear text, LoRaWAN 1.0.x), max 15 bytes. */
  fOpts?: Uint8Array;
  /** null/undefined = no FPort and no payload. */
  fPort?: number | null;
  /** Plaintext FRMPayload (encrypted here). */
  payload?: Uint8Array;
  nwkSKey: KeyLike;
  /** Needed when fPort > 0. */
  appSKey?: KeyLike;
  /** LoRaWAN 1.1 downlink ACK of a confirmed uplink (goes into B0). */
  confFCnt?: number;
}

/** Builds a LoRaWAN 1.0.x data frame: encrypts FRMPayload and appends the MIC (B0 with the 32-bit FCnt). */
export function buildDataFrame(p: BuildDataFrameParams): Buffer {
  const dir = isUplink(p.mType) ? 'up' : 'down';
  const fPort = p.fPort ?? null;
  const payload = p.payload ?? new Uint8Array(0);
  if (fPort === null && payload.length > 0) fail('BAD_FPORT', 'payload given without fPort');
  let frmPayload: Uint8Array = payload;
  if (fPort !== null && payload.length > 0) {
    const key = fPort === 0 ? p.nwkSKey : p.appSKey;
    if (key === undefined) return fail('BAD_KEY', 'appSKey is required for fPort > 0');
    frmPayload = encryptFrmPayload(key, dir, p.devAddr, p.fCnt, payload);
  }
  const frame: DataFrame = {
    mType: p.mType,
    devAddr: p.devAddr,
    fCtrl: { adr: false, adrAckReq: false, ack: false, fPending: false, classB: false, ...p.fCtrl },
    fCnt: p.fCnt & 0xffff,
    fOpts: p.fOpts ?? new Uint8Array(0),
    fPort,
    frmPayload,
    mic: new Uint8Array(4),
  };
  const out = encodePhy(frame);
  const mic = computeDataMic({
    key: p.nwkSKey,
    dir,
    devAddr: p.devAddr,
    fCnt: p.fCnt,
    msg: out.subarray(0, out.length - 4),
    confFCnt: p.confFCnt,
  });
  out.set(mic, out.length - 4);
  return out;
}

export interface OpenDataFrameParams {
  nwkSKey: KeyLike;
  appSKey?: KeyLike;
  /** Last accepted 32-bit FCnt of this direction (null = none yet); used to rebuild the 32-bit FCnt. */
  lastFCnt?: number | null;
  /** Or the full 32-bit FCnt when already known (overrides lastFCnt). */
  fCnt?: number;
  confFCnt?: number;
}

export interface OpenedDataFrame {
  frame: DataFrame;
  /** The 32-bit FCnt used for the MIC and decryption. */
  fCnt: number;
  micValid: boolean;
  /** Decrypted FRMPayload (null when the MIC is wrong, or fPort > 0 without appSKey). */
  payload: Buffer | null;
}

/** Decodes a data frame, checks its MIC and decrypts FRMPayload (1.0.x keys). Throws LorawanError if malformed. */
export function openDataFrame(phy: Uint8Array, p: OpenDataFrameParams): OpenedDataFrame {
  const frame = decodePhy(phy);
  if (!isDataMType(frame.mType)) return fail('BAD_MTYPE', `expected a data frame, got ${frame.mType}`);
  const f = frame as DataFrame;
  const dir = isUplink(f.mType) ? 'up' : 'down';
  const fCnt = p.fCnt ?? reconstructFCnt(f.fCnt, p.lastFCnt ?? null);
  const nwk = toKey(p.nwkSKey, 'nwkSKey');
  const mic = computeDataMic({
    key: nwk,
    dir,
    devAddr: f.devAddr,
    fCnt,
    msg: phy.subarray(0, phy.length - 4),
    confFCnt: p.confFCnt,
  });
  const micValid = micEquals(mic, f.mic);
  let payload: Buffer | null = null;
  if (micValid && f.fPort !== null) {
    const key = f.fPort === 0 ? nwk : p.appSKey;
    if (key !== undefined) payload = encryptFrmPayload(key, dir, f.devAddr, fCnt, f.frmPayload);
  }
  return { frame: f, fCnt, micValid, payload };
}
