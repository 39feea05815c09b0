import { aesEncrypt } from './aes';
import { fromHexReversed, type KeyLike, toHex, toKey, writeUintLE } from './bytes';
import { checkInt } from './errors';

export interface SessionKeys10 {
  nwkSKey: string;
  appSKey: string;
}

function derive(key: KeyLike, prefix: number, parts: Uint8Array[]): string {
  const b = Buffer.alloc(16);
  b[0] = prefix;
  let off = 1;
  for (const p of parts) {
    b.set(p, off);
    off += p.length;
  }
  return toHex(aesEncrypt(toKey(key), b));
}

const le = (v: number, n: number, name: string, max: number): Buffer => {
  checkInt(name, v, 0, max);
  const b = Buffer.alloc(n);
  writeUintLE(b, 0, n, v);
  return b;
};

/**
 * LoRaWAN 1.0.x session keys: Key = aes128_encrypt(AppKey, 0x0N | AppNonce | NetID | DevNonce | pad16),
 * N = 1 for NwkSKey, 2 for AppSKey. AppNonce/JoinNonce is 24-bit, NetID big-endian hex (6 chars), DevNonce 16-bit.
 */
export function deriveSessionKeys10(
  appKey: KeyLike,
  joinNonce: number,
  netID: string,
  devNonce: number,
): SessionKeys10 {
  const parts = [
    le(joinNonce, 3, 'joinNonce', 0xffffff),
    fromHexReversed(netID, 3, 'netID'),
    le(devNonce, 2, 'devNonce', 0xffff),
  ];
  return { nwkSKey: derive(appKey, 0x01, parts), appSKey: derive(appKey, 0x02, parts) };
}

export interface SessionKeys11 {
  fNwkSIntKey: string;
  sNwkSIntKey: string;
  nwkSEncKey: string;
  appSKey: string;
}

/** LoRaWAN 1.1 session keys (OptNeg set): network keys from NwkKey, AppSKey from AppKey. */
export function deriveSessionKeys11(
  nwkKey: KeyLike,
  appKey: KeyLike,
  joinNonce: number,
  joinEUI: string,
  devNonce: number,
): SessionKeys11 {
  const parts = [
    le(joinNonce, 3, 'joinNonce', 0xffffff),
    fromHexReversed(joinEUI, 8, 'joinEUI'),
    le(devNonce, 2, 'devNonce', 0xffff),
  ];
  return {
    fNwkSIntKey: derive(nwkKey, 0x01, parts),
    sNwkSIntKey: derive(nwkKey, 0x03, parts),
    nwkSEncKey: derive(nwkKey, 0x04, parts),
    appSKey: derive(appKey, 0x02, parts),
  };
}

/** LoRaWAN 1.1 JSIntKey = aes128_encrypt(NwkKey, 0x06 | DevEUI | pad16). */
export const deriveJSIntKey = (nwkKey: KeyLike, devEUI: string): string =>
  derive(nwkKey, 0x06, [fromHexReversed(devEUI, 8, 'devEUI')]);

/** LoRaWAN 1.1 JSEncKey = aes128_encrypt(NwkKey, 0x05 | DevEUI | pad16). */
export const deriveJSEncKey = (nwkKey: KeyLike, devEUI: string): string =>
  derive(nwkKey, 0x05, [fromHexReversed(devEUI, 8, 'devEUI')]);
