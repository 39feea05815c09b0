import { describe, expect, it } from 'vitest';
import { LorawanError } from '../errors';
import {
  decryptMcKey,
  encryptMcKey,
  mcAppSKey,
  mcKEKey,
  mcNwkSKey,
  mcRootKeyFromAppKey,
  mcRootKeyFromGenAppKey,
  type Ts005Command,
  ts005,
} from './ts005';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const hexKey = (a: number[]) => Buffer.from(a).toString('hex');

// chirpstack/chirpstack lrwn/src/applayer/multicastsetup/v1.rs (test module)
const VECTORS: [Ts005Command, 'up' | 'down', string][] = [
  [{ type: 'PackageVersionReq' }, 'down', '00'],
  [{ type: 'PackageVersionAns', packageIdentifier: 1, packageVersion: 1 }, 'up', '000101'],
  [{ type: 'McGroupStatusReq', reqGroupMask: 3 }, 'down', '0103'],
  [
    {
      type: 'McGroupStatusAns',
      ansGroupMask: 3,
      nbTotalGroups: 2,
      items: [
        { mcGroupId: 0, mcAddr: '01020304' },
        { mcGroupId: 1, mcAddr: '02020304' },
      ],
    },
    'up',
    '012300040302010104030202',
  ],
  [
    {
      type: 'McGroupSetupReq',
      mcGroupId: 2,
      mcAddr: '01020304',
      mcKeyEncrypted: '01020304050607080102030405060708',
      minMcFCount: 1024,
      maxMcFCount: 2048,
    },
    'down',
    '020204030201010203040506070801020304050607080004000000080000',
  ],
  [{ type: 'McGroupSetupAns', mcGroupId: 2, idError: true }, 'up', '0206'],
  [{ type: 'McGroupDeleteReq', mcGroupId: 3 }, 'down', '0303'],
  [{ type: 'McGroupDeleteAns', mcGroupId: 3, mcGroupUndefined: true }, 'up', '0307'],
  [
    { type: 'McClassCSessionReq', mcGroupId: 2, sessionTime: 1024, sessionTimeOut: 15, dlFrequency: 868100000, dr: 5 },
    'down',
    '0402000400000f28768405',
  ],
  [
    {
      type: 'McClassCSessionAns',
      mcGroupId: 2,
      drError: false,
      freqError: false,
      mcGroupUndefined: false,
      timeToStart: 1024,
    },
    'up',
    '0402000400',
  ],
  [
    {
      type: 'McClassCSessionAns',
      mcGroupId: 2,
      drError: true,
      freqError: true,
      mcGroupUndefined: true,
      timeToStart: null,
    },
    'up',
    '041e',
  ],
  [
    {
      type: 'McClassBSessionReq',
      mcGroupId: 3,
      sessionTime: 1024,
      sessionTimeOut: 15,
      periodicity: 4,
      dlFrequency: 868100000,
      dr: 5,
    },
    'down',
    '0503000400004f28768405',
  ],
  [
    {
      type: 'McClassBSessionAns',
      mcGroupId: 3,
      drError: true,
      freqError: true,
      mcGroupUndefined: true,
      timeToStart: null,
    },
    'up',
    '051f',
  ],
];

describe('TS005 commands', () => {
  it.each(VECTORS)('%o', (cmd, dir, hex) => {
    expect(ts005.encode(cmd).toString('hex')).toBe(hex);
    expect(ts005.decode(h(hex), dir)).toEqual([cmd]);
  });
  it('decodes several answers in one payload and rejects bad input', () => {
    expect(ts005.decode(h('0206 0307 041e'), 'up').map((c) => c.type)).toEqual([
      'McGroupSetupAns',
      'McGroupDeleteAns',
      'McClassCSessionAns',
    ]);
    expect(() => ts005.decode(h('0123000403'), 'up')).toThrow(expect.objectContaining({ code: 'TOO_SHORT' }));
    expect(() => ts005.decode(h('06'), 'down')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CID' }));
    expect(() =>
      ts005.encode({
        type: 'McClassCSessionAns',
        mcGroupId: 0,
        drError: true,
        freqError: false,
        mcGroupUndefined: false,
        timeToStart: 5,
      }),
    ).toThrow(LorawanError);
  });
});

describe('TS005 key derivation', () => {
  // chirpstack/chirpstack lrwn/src/applayer/multicastsetup/v1.rs (test_get_mc_* / test_encrypt_mc_key)
  const MC_KEY = hexKey([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  const APP_KEY = hexKey([2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  const GEN_APP_KEY = hexKey([3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  const MC_ROOT_KEY = hexKey([4, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  it('McRootKey, McKEKey, McAppSKey, McNwkSKey', () => {
    expect(mcRootKeyFromGenAppKey(GEN_APP_KEY)).toBe('55344e82570eaec8bf03b99962d1f445');
    expect(mcRootKeyFromAppKey(APP_KEY)).toBe('264fd859583fcc670241ac071cc9f5bb');
    expect(mcKEKey(MC_ROOT_KEY)).toBe('9083bebf704257883160dbfcde33ad71');
    expect(mcAppSKey(MC_KEY, '01020304')).toBe('95cb4518ee375606735bbacbdce837fa');
    expect(mcNwkSKey(MC_KEY, '01020304')).toBe('c3f6b388bad6c000b23291ad52c11c7b');
  });
  it('McKey encryption', () => {
    const enc = encryptMcKey('01010101010101010101010101010101', '02020202020202020202020202020202');
    expect(enc).toBe(hexKey([52, 55, 214, 226, 49, 215, 2, 65, 155, 81, 180, 148, 114, 113, 182, 17]));
    expect(decryptMcKey('01010101010101010101010101010101', enc)).toBe('02020202020202020202020202020202');
  });
});
