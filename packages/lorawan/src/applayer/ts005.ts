import { aesDecrypt, aesEncrypt } from '../aes';
import { fromHexReversed, type KeyLike, readFreq, toHex, toHexReversed, toKey, writeFreq } from '../bytes';
import { checkInt, fail } from '../errors';
import { type AppCommandOf, le, makeAppCodec, needAtLeast, rdLe, u8 } from './codec';

/** LoRaWAN Remote Multicast Setup (TS005-1.0.0), default FPort 200. */
export const TS005_PORT = 200;
export const TS005_PACKAGE = { identifier: 2, version: 1 } as const;

export interface McStatusItem {
  mcGroupId: number;
  /** Big-endian hex. */
  mcAddr: string;
}

export interface Ts005Fields {
  PackageVersionReq: Record<never, never>;
  PackageVersionAns: { packageIdentifier: number; packageVersion: number };
  /** reqGroupMask: bit i asks for group i (0..15 → 4 bits). */
  McGroupStatusReq: { reqGroupMask: number };
  /** items: one per bit of ansGroupMask, in group order. */
  McGroupStatusAns: { ansGroupMask: number; nbTotalGroups: number; items: McStatusItem[] };
  /** mcKeyEncrypted: 16 bytes hex (McKey encrypted with McKEKey, see encryptMcKey). */
  McGroupSetupReq: {
    mcGroupId: number;
    mcAddr: string;
    mcKeyEncrypted: string;
    minMcFCount: number;
    maxMcFCount: number;
  };
  McGroupSetupAns: { mcGroupId: number; idError: boolean };
  McGroupDeleteReq: { mcGroupId: number };
  McGroupDeleteAns: { mcGroupId: number; mcGroupUndefined: boolean };
  /** sessionTime: GPS seconds mod 2^32; sessionTimeOut: 2^n seconds; dlFrequency Hz. */
  McClassCSessionReq: {
    mcGroupId: number;
    sessionTime: number;
    sessionTimeOut: number;
    dlFrequency: number;
    dr: number;
  };
  /** timeToStart (s) is present only when no error bit is set. */
  McClassCSessionAns: {
    mcGroupId: number;
    drError: boolean;
    freqError: boolean;
    mcGroupUndefined: boolean;
    timeToStart: number | null;
  };
  McClassBSessionReq: {
    mcGroupId: number;
    sessionTime: number;
    sessionTimeOut: number;
    periodicity: number;
    dlFrequency: number;
    dr: number;
  };
  McClassBSessionAns: {
    mcGroupId: number;
    drError: boolean;
    freqError: boolean;
    mcGroupUndefined: boolean;
    timeToStart: number | null;
  };
}
export type Ts005Command = AppCommandOf<Ts005Fields>;

const popcount4 = (v: number): number => (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
const sessionAnsSize = (b: Uint8Array, o: number, left: number): number => {
  needAtLeast(left, 1, 'McClassxSessionAns');
  return b[o]! & 0x1c ? 1 : 4;
};
const sessionAnsDec = (b: Uint8Array, o: number, len: number) => ({
  mcGroupId: b[o]! & 0x03,
  drError: (b[o]! & 0x04) !== 0,
  freqError: (b[o]! & 0x08) !== 0,
  mcGroupUndefined: (b[o]! & 0x10) !== 0,
  timeToStart: len === 4 ? rdLe(b, o + 1, 3) : null,
});
const sessionAnsEnc = (c: Ts005Fields['McClassCSessionAns']): number[] => {
  const err = c.drError || c.freqError || c.mcGroupUndefined;
  if (err !== (c.timeToStart === null)) fail('BAD_FIELD', 'timeToStart must be given exactly when no error bit is set');
  const head =
    u8('mcGroupId', c.mcGroupId, 3) | (c.drError ? 4 : 0) | (c.freqError ? 8 : 0) | (c.mcGroupUndefined ? 0x10 : 0);
  return c.timeToStart === null ? [head] : [head, ...le(u8('timeToStart', c.timeToStart, 0xffffff), 3)];
};
const freqBytes = (hz: number): number[] => {
  const b = Buffer.alloc(3);
  writeFreq(b, 0, hz, 'dlFrequency');
  return [...b];
};

export const ts005 = makeAppCodec<Ts005Fields>('TS005', {
  PackageVersionReq: { cid: 0x00, dir: 'down', size: 0, dec: () => ({}), enc: () => [] },
  PackageVersionAns: {
    cid: 0x00,
    dir: 'up',
    size: 2,
    dec: (b, o) => ({ packageIdentifier: b[o]!, packageVersion: b[o + 1]! }),
    enc: (c) => [u8('packageIdentifier', c.packageIdentifier), u8('packageVersion', c.packageVersion)],
  },
  McGroupStatusReq: {
    cid: 0x01,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ reqGroupMask: b[o]! & 0x0f }),
    enc: (c) => [u8('reqGroupMask', c.reqGroupMask, 15)],
  },
  McGroupStatusAns: {
    cid: 0x01,
    dir: 'up',
    size: (b, o, left) => {
      needAtLeast(left, 1, 'McGroupStatusAns');
      return 1 + 5 * popcount4(b[o]! & 0x0f);
    },
    dec: (b, o, len) => {
      const items: McStatusItem[] = [];
      for (let p = o + 1; p < o + len; p += 5) {
        items.push({ mcGroupId: b[p]!, mcAddr: toHexReversed(b.subarray(p + 1, p + 5)) });
      }
      return { ansGroupMask: b[o]! & 0x0f, nbTotalGroups: (b[o]! >> 4) & 0x07, items };
    },
    enc: (c) => {
      if (c.items.length !== popcount4(u8('ansGroupMask', c.ansGroupMask, 15))) {
        fail('BAD_FIELD', 'McGroupStatusAns needs one item per ansGroupMask bit');
      }
      const out = [c.ansGroupMask | (u8('nbTotalGroups', c.nbTotalGroups, 7) << 4)];
      for (const it of c.items) out.push(u8('mcGroupId', it.mcGroupId, 3), ...fromHexReversed(it.mcAddr, 4, 'mcAddr'));
      return out;
    },
  },
  McGroupSetupReq: {
    cid: 0x02,
    dir: 'down',
    size: 29,
    dec: (b, o) => ({
      mcGroupId: b[o]! & 0x03,
      mcAddr: toHexReversed(b.subarray(o + 1, o + 5)),
      mcKeyEncrypted: toHex(b.subarray(o + 5, o + 21)),
      minMcFCount: rdLe(b, o + 21, 4),
      maxMcFCount: rdLe(b, o + 25, 4),
    }),
    enc: (c) => [
      u8('mcGroupId', c.mcGroupId, 3),
      ...fromHexReversed(c.mcAddr, 4, 'mcAddr'),
      ...toKey(c.mcKeyEncrypted, 'mcKeyEncrypted'),
      ...le(checkInt('minMcFCount', c.minMcFCount, 0, 0xffffffff), 4),
      ...le(checkInt('maxMcFCount', c.maxMcFCount, 0, 0xffffffff), 4),
    ],
  },
  McGroupSetupAns: {
    cid: 0x02,
    dir: 'up',
    size: 1,
    dec: (b, o) => ({ mcGroupId: b[o]! & 0x03, idError: (b[o]! & 0x04) !== 0 }),
    enc: (c) => [u8('mcGroupId', c.mcGroupId, 3) | (c.idError ? 4 : 0)],
  },
  McGroupDeleteReq: {
    cid: 0x03,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ mcGroupId: b[o]! & 0x03 }),
    enc: (c) => [u8('mcGroupId', c.mcGroupId, 3)],
  },
  McGroupDeleteAns: {
    cid: 0x03,
    dir: 'up',
    size: 1,
    dec: (b, o) => ({ mcGroupId: b[o]! & 0x03, mcGroupUndefined: (b[o]! & 0x04) !== 0 }),
    enc: (c) => [u8('mcGroupId', c.mcGroupId, 3) | (c.mcGroupUndefined ? 4 : 0)],
  },
  McClassCSessionReq: {
    cid: 0x04,
    dir: 'down',
    size: 10,
    dec: (b, o) => ({
      mcGroupId: b[o]! & 0x03,
      sessionTime: rdLe(b, o + 1, 4),
      sessionTimeOut: b[o + 5]! & 0x0f,
      dlFrequency: readFreq(b, o + 6),
      dr: b[o + 9]! & 0x0f,
    }),
    enc: (c) => [
      u8('mcGroupId', c.mcGroupId, 3),
      ...le(checkInt('sessionTime', c.sessionTime, 0, 0xffffffff), 4),
      u8('sessionTimeOut', c.sessionTimeOut, 15),
      ...freqBytes(c.dlFrequency),
      u8('dr', c.dr, 15),
    ],
  },
  McClassCSessionAns: { cid: 0x04, dir: 'up', size: sessionAnsSize, dec: sessionAnsDec, enc: sessionAnsEnc },
  McClassBSessionReq: {
    cid: 0x05,
    dir: 'down',
    size: 10,
    dec: (b, o) => ({
      mcGroupId: b[o]! & 0x03,
      sessionTime: rdLe(b, o + 1, 4),
      sessionTimeOut: b[o + 5]! & 0x0f,
      periodicity: (b[o + 5]! >> 4) & 0x07,
      dlFrequency: readFreq(b, o + 6),
      dr: b[o + 9]! & 0x0f,
    }),
    enc: (c) => [
      u8('mcGroupId', c.mcGroupId, 3),
      ...le(checkInt('sessionTime', c.sessionTime, 0, 0xffffffff), 4),
      u8('sessionTimeOut', c.sessionTimeOut, 15) | (u8('periodicity', c.periodicity, 7) << 4),
      ...freqBytes(c.dlFrequency),
      u8('dr', c.dr, 15),
    ],
  },
  McClassBSessionAns: { cid: 0x05, dir: 'up', size: sessionAnsSize, dec: sessionAnsDec, enc: sessionAnsEnc },
});

const block = (first: number, rest: number[] = []): Buffer => {
  const b = Buffer.alloc(16);
  b[0] = first;
  b.set(rest, 1);
  return b;
};

/**
 * McRootKey = aes128_encrypt(AppKey, 0x20 | pad16). TS005 specifies this for LoRaWAN 1.1 AppKeys; this project
 * also uses it for 1.0.x devices provisioned with an AppKey only.
 */
export const mcRootKeyFromAppKey = (appKey: KeyLike): string => toHex(aesEncrypt(toKey(appKey), block(0x20)));
/** McRootKey = aes128_encrypt(GenAppKey, 0x00 | pad16): TS005's rule for 1.0.x devices that have a GenAppKey. */
export const mcRootKeyFromGenAppKey = (genAppKey: KeyLike): string => toHex(aesEncrypt(toKey(genAppKey), block(0x00)));
/** McKEKey = aes128_encrypt(McRootKey, 0x00 | pad16). */
export const mcKEKey = (mcRootKey: KeyLike): string => toHex(aesEncrypt(toKey(mcRootKey), block(0x00)));

/** McAppSKey = aes128_encrypt(McKey, 0x01 | McAddr(LE) | pad16). */
export const mcAppSKey = (mcKey: KeyLike, mcAddr: string): string =>
  toHex(aesEncrypt(toKey(mcKey), block(0x01, [...fromHexReversed(mcAddr, 4, 'mcAddr')])));
/** McNwkSKey = aes128_encrypt(McKey, 0x02 | McAddr(LE) | pad16). */
export const mcNwkSKey = (mcKey: KeyLike, mcAddr: string): string =>
  toHex(aesEncrypt(toKey(mcKey), block(0x02, [...fromHexReversed(mcAddr, 4, 'mcAddr')])));

/** Server side: McKey_encrypted = aes128_decrypt(McKEKey, McKey) (the device recovers it with an encrypt). */
export const encryptMcKey = (mcKEKeyHex: KeyLike, mcKey: KeyLike): string =>
  toHex(aesDecrypt(toKey(mcKEKeyHex), toKey(mcKey)));
/** Device side: McKey = aes128_encrypt(McKEKey, McKey_encrypted). */
export const decryptMcKey = (mcKEKeyHex: KeyLike, mcKeyEncrypted: KeyLike): string =>
  toHex(aesEncrypt(toKey(mcKEKeyHex), toKey(mcKeyEncrypted)));
