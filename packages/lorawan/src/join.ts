import { aesDecrypt, aesEncrypt } from './aes';
import { asBuffer, checkHex, fromHexReversed, type KeyLike, toHexReversed, toKey, writeUintLE } from './bytes';
import { type CFList, decodeCFList, encodeCFList } from './cflist';
import { cmac } from './cmac';
import { micEquals } from './crypto';
import { checkInt, fail } from './errors';
import { decodePhy, encodePhy, type JoinRequestFrame } from './phy';

/** Join-request MIC: CMAC(AppKey (1.0.x) or NwkKey (1.1), MHDR | JoinEUI | DevEUI | DevNonce)[0..3]. */
export const computeJoinRequestMic = (key: KeyLike, msg: Uint8Array): Buffer => cmac(key, msg).subarray(0, 4);

/** Builds a signed join-request (device side; handy for simulators and tests). */
export function buildJoinRequest(p: { appKey: KeyLike; joinEUI: string; devEUI: string; devNonce: number }): Buffer {
  const frame: JoinRequestFrame = {
    mType: 'JoinRequest',
    joinEUI: p.joinEUI,
    devEUI: p.devEUI,
    devNonce: p.devNonce,
    mic: new Uint8Array(4),
  };
  const out = encodePhy(frame);
  out.set(computeJoinRequestMic(p.appKey, out.subarray(0, 19)), 19);
  return out;
}

/** Decodes a join-request and checks its MIC. Throws LorawanError on malformed input. */
export function openJoinRequest(phy: Uint8Array, appKey: KeyLike): JoinRequestFrame & { micValid: boolean } {
  const f = decodePhy(phy);
  if (f.mType !== 'JoinRequest') return fail('BAD_MTYPE', `expected JoinRequest, got ${f.mType}`);
  const micValid = micEquals(computeJoinRequestMic(appKey, phy.subarray(0, 19)), f.mic);
  return { ...f, micValid };
}

export interface DLSettings {
  /** LoRaWAN 1.1 OptNeg bit (false for 1.0.x). */
  optNeg: boolean;
  rx1DrOffset: number;
  rx2DataRate: number;
}

export interface JoinAcceptPayload {
  /** AppNonce (1.0.x) / JoinNonce, 24-bit. */
  joinNonce: number;
  /** Big-endian hex, 6 chars. */
  netID: string;
  devAddr: string;
  dlSettings: DLSettings;
  /** RxDelay, 0..15 (0 means 1 s). */
  rxDelay: number;
  cfList: CFList | null;
}

/** Plaintext join-accept body (MHDR excluded, MIC excluded): 12 or 28 bytes. */
export function encodeJoinAcceptBody(p: JoinAcceptPayload): Buffer {
  const b = Buffer.alloc(p.cfList ? 28 : 12);
  writeUintLE(b, 0, 3, checkInt('joinNonce', p.joinNonce, 0, 0xffffff));
  fromHexReversed(p.netID, 3, 'netID').copy(b, 3);
  fromHexReversed(checkHex('devAddr', p.devAddr, 4), 4, 'devAddr').copy(b, 6);
  const d = p.dlSettings;
  b[10] =
    (d.optNeg ? 0x80 : 0) |
    (checkInt('rx1DrOffset', d.rx1DrOffset, 0, 7) << 4) |
    checkInt('rx2DataRate', d.rx2DataRate, 0, 15);
  b[11] = checkInt('rxDelay', p.rxDelay, 0, 15);
  if (p.cfList) encodeCFList(p.cfList).copy(b, 12);
  return b;
}

export function decodeJoinAcceptBody(b: Uint8Array): JoinAcceptPayload {
  if (b.length !== 12 && b.length !== 28)
    fail('BAD_LENGTH', `join-accept body must be 12 or 28 bytes, got ${b.length}`);
  if (b[11]! > 15) fail('BAD_FIELD', `RxDelay RFU bits set (0x${b[11]!.toString(16)})`);
  return {
    joinNonce: b[0]! | (b[1]! << 8) | (b[2]! << 16),
    netID: toHexReversed(b.subarray(3, 6)),
    devAddr: toHexReversed(b.subarray(6, 10)),
    dlSettings: { optNeg: (b[10]! & 0x80) !== 0, rx1DrOffset: (b[10]! >> 4) & 0x07, rx2DataRate: b[10]! & 0x0f },
    rxDelay: b[11]!,
    cfList: b.length === 28 ? decodeCFList(b.subarray(12, 28)) : null,
  };
}

/** LoRaWAN 1.0.x join-accept MIC: CMAC(AppKey, MHDR | body)[0..3]. */
export const computeJoinAcceptMic10 = (appKey: KeyLike, mhdrAndBody: Uint8Array): Buffer =>
  cmac(appKey, mhdrAndBody).subarray(0, 4);

/**
 * LoRaWAN 1.1 join-accept MIC (OptNeg set): CMAC(JSIntKey, JoinReqType | JoinEUI | DevNonce | MHDR | body)[0..3].
 * JoinReqType is 0xff for a join-request, else the rejoin type.
 */
export function computeJoinAcceptMic11(
  jsIntKey: KeyLike,
  joinReqType: number,
  joinEUI: string,
  devNonce: number,
  mhdrAndBody: Uint8Array,
): Buffer {
  const head = Buffer.alloc(11);
  head[0] = checkInt('joinReqType', joinReqType, 0, 0xff);
  fromHexReversed(joinEUI, 8, 'joinEUI').copy(head, 1);
  writeUintLE(head, 9, 2, checkInt('devNonce', devNonce, 0, 0xffff));
  return cmac(jsIntKey, Buffer.concat([head, mhdrAndBody])).subarray(0, 4);
}

/** Network-server side join-accept "encryption" = AES decrypt of body|MIC with AppKey (1.0.x) / NwkKey. */
export function encryptJoinAccept(key: KeyLike, bodyAndMic: Uint8Array): Buffer {
  if (bodyAndMic.length !== 16 && bodyAndMic.length !== 32)
    fail('BAD_LENGTH', 'join-accept body|MIC must be 16 or 32 bytes');
  return aesDecrypt(toKey(key), bodyAndMic);
}

/** Device side: recovers body|MIC with an AES encrypt operation. */
export function decryptJoinAccept(key: KeyLike, encrypted: Uint8Array): Buffer {
  if (encrypted.length !== 16 && encrypted.length !== 32)
    fail('BAD_LENGTH', 'join-accept payload must be 16 or 32 bytes');
  return aesEncrypt(toKey(key), encrypted);
}

export interface BuildJoinAcceptParams extends JoinAcceptPayload {
  /** AppKey for 1.0.x (also the MIC key); NwkKey for 1.1. */
  appKey: KeyLike;
  /** 1.1 only (dlSettings.optNeg): MIC over JoinReqType|JoinEUI|DevNonce with this JSIntKey. */
  v11?: { jsIntKey: KeyLike; joinReqType: number; joinEUI: string; devNonce: number };
}

/** Builds the complete encrypted join-accept PHYPayload (MHDR 0x20). */
export function buildJoinAccept(p: BuildJoinAcceptParams): Buffer {
  const body = encodeJoinAcceptBody(p);
  const mhdrAndBody = Buffer.concat([Buffer.from([0x20]), body]);
  const mic = p.v11
    ? computeJoinAcceptMic11(p.v11.jsIntKey, p.v11.joinReqType, p.v11.joinEUI, p.v11.devNonce, mhdrAndBody)
    : computeJoinAcceptMic10(p.appKey, mhdrAndBody);
  const enc = encryptJoinAccept(p.appKey, Buffer.concat([body, mic]));
  return Buffer.concat([Buffer.from([0x20]), enc]);
}

/**
 * Device side (or tests): decrypts a join-accept PHYPayload and checks the 1.0.x MIC before decoding the body.
 * A wrong key or corrupted frame throws BAD_MIC.
 */
export function openJoinAccept(phy: Uint8Array, appKey: KeyLike): JoinAcceptPayload & { mic: Buffer } {
  const f = decodePhy(phy);
  if (f.mType !== 'JoinAccept') return fail('BAD_MTYPE', `expected JoinAccept, got ${f.mType}`);
  const plain = decryptJoinAccept(appKey, f.encrypted);
  const body = plain.subarray(0, plain.length - 4);
  const mic = plain.subarray(plain.length - 4);
  if (!micEquals(computeJoinAcceptMic10(appKey, Buffer.concat([asBuffer(phy).subarray(0, 1), body])), mic)) {
    fail('BAD_MIC', 'join-accept MIC mismatch (wrong key or corrupted frame)');
  }
  return { ...decodeJoinAcceptBody(body), mic };
}

/** LoRaWAN 1.1 rejoin-request MIC: CMAC(SNwkSIntKey for types 0/2, JSIntKey for type 1, MHDR | body)[0..3]. */
export const computeRejoinRequestMic = (key: KeyLike, msg: Uint8Array): Buffer => cmac(key, msg).subarray(0, 4);
