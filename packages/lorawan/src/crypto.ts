import { aesEncrypt } from './aes';
import { fromHexReversed, type KeyLike, toKey } from './bytes';
import { cmac } from './cmac';
import { checkInt } from './errors';

/** Frame direction as used in the B0/A blocks: 0 = uplink, 1 = downlink. */
export type Direction = 'up' | 'down';

const dirByte = (d: Direction): number => (d === 'up' ? 0 : 1);

function block(
  first: number,
  dir: Direction,
  devAddr: string,
  fCnt: number,
  last: number,
  b1 = 0,
  b2 = 0,
  b3 = 0,
  b4 = 0,
): Buffer {
  checkInt('fCnt (32-bit)', fCnt, 0, 0xffffffff);
  const b = Buffer.alloc(16);
  b[0] = first;
  b[1] = b1;
  b[2] = b2;
  b[3] = b3;
  b[4] = b4;
  b[5] = dirByte(dir);
  fromHexReversed(devAddr, 4, 'devAddr').copy(b, 6);
  b.writeUInt32LE(fCnt, 10);
  b[15] = last;
  return b;
}

export interface DataMicParams {
  /** NwkSKey (1.0.x); for 1.1 downlinks SNwkSIntKey. */
  key: KeyLike;
  dir: Direction;
  devAddr: string;
  /** The full 32-bit frame counter. */
  fCnt: number;
  /** MHDR | FHDR | FPort | FRMPayload (the PHYPayload without MIC). */
  msg: Uint8Array;
  /** LoRaWAN 1.1 downlinks acknowledging a confirmed uplink: its FCnt (low 16 bits used). Default 0. */
  confFCnt?: number;
}

/** Data frame MIC (LoRaWAN 1.0.x uplink/downlink, 1.1 downlink): 4 bytes of CMAC(key, B0 | msg). */
export function computeDataMic(p: DataMicParams): Buffer {
  const conf = (p.confFCnt ?? 0) & 0xffff;
  const b0 = block(0x49, p.dir, p.devAddr, p.fCnt, p.msg.length & 0xff, conf & 0xff, conf >> 8);
  return cmac(p.key, Buffer.concat([b0, p.msg])).subarray(0, 4);
}

export interface UplinkMic11Params {
  sNwkSIntKey: KeyLike;
  fNwkSIntKey: KeyLike;
  /** FCnt of the confirmed downlink acknowledged by this uplink (0 if none). */
  confFCnt: number;
  txDr: number;
  txCh: number;
  devAddr: string;
  fCnt: number;
  msg: Uint8Array;
}

/** LoRaWAN 1.1 uplink MIC: cmacS[0..1] | cmacF[0..1]. */
export function computeUplinkMic11(p: UplinkMic11Params): Buffer {
  const len = p.msg.length & 0xff;
  const b0 = block(0x49, 'up', p.devAddr, p.fCnt, len);
  const conf = p.confFCnt & 0xffff;
  const b1 = block(0x49, 'up', p.devAddr, p.fCnt, len, conf & 0xff, conf >> 8, p.txDr & 0xff, p.txCh & 0xff);
  const f = cmac(p.fNwkSIntKey, Buffer.concat([b0, p.msg]));
  const s = cmac(p.sNwkSIntKey, Buffer.concat([b1, p.msg]));
  return Buffer.from([s[0]!, s[1]!, f[0]!, f[1]!]);
}

/** Constant-time-ish comparison of two MICs. */
export function micEquals(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a[i]! ^ b[i]!;
  return d === 0;
}

function keystream(key: KeyLike, dir: Direction, devAddr: string, fCnt: number, len: number, b4: number): Buffer {
  const n = Math.ceil(len / 16);
  const blocks = Buffer.alloc(n * 16);
  const a = block(0x01, dir, devAddr, fCnt, 0, 0, 0, 0, b4);
  for (let i = 0; i < n; i++) {
    a.copy(blocks, i * 16);
    blocks[i * 16 + 15] = (i + 1) & 0xff;
  }
  return aesEncrypt(toKey(key), blocks);
}

/**
 * FRMPayload encryption (symmetric: the same call decrypts). Key: AppSKey for FPort > 0, NwkSKey (1.0.x) /
 * NwkSEncKey (1.1) for FPort 0. `fCnt` is the full 32-bit counter.
 */
export function encryptFrmPayload(key: KeyLike, dir: Direction, devAddr: string, fCnt: number, payload: Uint8Array) {
  const out = Buffer.from(payload);
  if (out.length === 0) return out;
  const s = keystream(key, dir, devAddr, fCnt, out.length, 0);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! ^ s[i]!;
  return out;
}

export const decryptFrmPayload = encryptFrmPayload;

/**
 * LoRaWAN 1.1 FOpts encryption with NwkSEncKey (symmetric). In 1.0.x FOpts travel in clear: do not call this.
 * `aFCntDown`: per the 1.1 errata, downlinks counted with AFCntDown set byte 4 of the A block to 0x01.
 */
export function encryptFOpts11(
  nwkSEncKey: KeyLike,
  dir: Direction,
  devAddr: string,
  fCnt: number,
  fOpts: Uint8Array,
  aFCntDown = false,
): Buffer {
  const out = Buffer.from(fOpts);
  if (out.length === 0) return out;
  const a = block(0x01, dir, devAddr, fCnt, 0x00, 0, 0, 0, aFCntDown ? 1 : 0);
  const s = aesEncrypt(toKey(nwkSEncKey), a);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! ^ s[i]!;
  return out;
}
