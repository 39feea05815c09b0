import { fromHex, toHex } from '../bytes';
import { checkInt, fail } from '../errors';
import { type AppCommandOf, le, makeAppCodec, needAtLeast, rdLe, u8 } from './codec';

/** LoRaWAN Fragmented Data Block Transport (TS004-1.0.0), default FPort 201. */
export const TS004_PORT = 201;
export const TS004_PACKAGE = { identifier: 3, version: 1 } as const;
/** Largest fragment counter N (14 bits). */
export const MAX_FRAGMENT_INDEX = 16383;

export interface Ts004Fields {
  PackageVersionReq: Record<never, never>;
  PackageVersionAns: { packageIdentifier: number; packageVersion: number };
  FragSessionStatusReq: { participants: boolean; fragIndex: number };
  FragSessionStatusAns: {
    nbFragReceived: number;
    fragIndex: number;
    missingFrag: number;
    notEnoughMatrixMemory: boolean;
  };
  /**
   * mcGroupBitMask: 4 bits; nbFrag: uncoded fragments; fragAlgo 0 = the TS004 parity matrix;
   * blockAckDelay 0..7; padding: bytes appended to the last uncoded fragment; descriptor: 4 bytes hex.
   */
  FragSessionSetupReq: {
    fragIndex: number;
    mcGroupBitMask: number;
    nbFrag: number;
    fragSize: number;
    fragAlgo: number;
    blockAckDelay: number;
    padding: number;
    descriptor: string;
  };
  FragSessionSetupAns: {
    fragIndex: number;
    encodingUnsupported: boolean;
    notEnoughMemory: boolean;
    fragSessionIndexNotSupported: boolean;
    wrongDescriptor: boolean;
  };
  FragSessionDeleteReq: { fragIndex: number };
  FragSessionDeleteAns: { fragIndex: number; sessionDoesNotExist: boolean };
  /** n: 1-based fragment counter (1..nbFrag uncoded, above = coded); data: the fragment bytes. Takes the rest of the payload. */
  DataFragment: { fragIndex: number; n: number; data: Uint8Array };
}
export type Ts004Command = AppCommandOf<Ts004Fields>;

export const ts004 = makeAppCodec<Ts004Fields>('TS004', {
  PackageVersionReq: { cid: 0x00, dir: 'down', size: 0, dec: () => ({}), enc: () => [] },
  PackageVersionAns: {
    cid: 0x00,
    dir: 'up',
    size: 2,
    dec: (b, o) => ({ packageIdentifier: b[o]!, packageVersion: b[o + 1]! }),
    enc: (c) => [u8('packageIdentifier', c.packageIdentifier), u8('packageVersion', c.packageVersion)],
  },
  FragSessionStatusReq: {
    cid: 0x01,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ participants: (b[o]! & 1) !== 0, fragIndex: (b[o]! >> 1) & 0x03 }),
    enc: (c) => [(c.participants ? 1 : 0) | (u8('fragIndex', c.fragIndex, 3) << 1)],
  },
  FragSessionStatusAns: {
    cid: 0x01,
    dir: 'up',
    size: 4,
    dec: (b, o) => ({
      nbFragReceived: rdLe(b, o, 2) & 0x3fff,
      fragIndex: b[o + 1]! >> 6,
      missingFrag: b[o + 2]!,
      notEnoughMatrixMemory: (b[o + 3]! & 1) !== 0,
    }),
    enc: (c) => {
      const v = u8('nbFragReceived', c.nbFragReceived, 0x3fff) | (u8('fragIndex', c.fragIndex, 3) << 14);
      return [...le(v, 2), u8('missingFrag', c.missingFrag), c.notEnoughMatrixMemory ? 1 : 0];
    },
  },
  FragSessionSetupReq: {
    cid: 0x02,
    dir: 'down',
    size: 10,
    dec: (b, o) => ({
      fragIndex: (b[o]! >> 4) & 0x03,
      mcGroupBitMask: b[o]! & 0x0f,
      nbFrag: rdLe(b, o + 1, 2),
      fragSize: b[o + 3]!,
      fragAlgo: (b[o + 4]! >> 3) & 0x07,
      blockAckDelay: b[o + 4]! & 0x07,
      padding: b[o + 5]!,
      descriptor: toHex(b.subarray(o + 6, o + 10)),
    }),
    enc: (c) => [
      (u8('fragIndex', c.fragIndex, 3) << 4) | u8('mcGroupBitMask', c.mcGroupBitMask, 15),
      ...le(u8('nbFrag', c.nbFrag, 0xffff), 2),
      u8('fragSize', c.fragSize),
      (u8('fragAlgo', c.fragAlgo, 7) << 3) | u8('blockAckDelay', c.blockAckDelay, 7),
      u8('padding', c.padding),
      ...fromHex(c.descriptor, 4, 'descriptor'),
    ],
  },
  FragSessionSetupAns: {
    cid: 0x02,
    dir: 'up',
    size: 1,
    dec: (b, o) => ({
      fragIndex: b[o]! >> 6,
      encodingUnsupported: (b[o]! & 1) !== 0,
      notEnoughMemory: (b[o]! & 2) !== 0,
      fragSessionIndexNotSupported: (b[o]! & 4) !== 0,
      wrongDescriptor: (b[o]! & 8) !== 0,
    }),
    enc: (c) => [
      (u8('fragIndex', c.fragIndex, 3) << 6) |
        (c.encodingUnsupported ? 1 : 0) |
        (c.notEnoughMemory ? 2 : 0) |
        (c.fragSessionIndexNotSupported ? 4 : 0) |
        (c.wrongDescriptor ? 8 : 0),
    ],
  },
  FragSessionDeleteReq: {
    cid: 0x03,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ fragIndex: b[o]! & 0x03 }),
    enc: (c) => [u8('fragIndex', c.fragIndex, 3)],
  },
  FragSessionDeleteAns: {
    cid: 0x03,
    dir: 'up',
    size: 1,
    dec: (b, o) => ({ fragIndex: b[o]! & 0x03, sessionDoesNotExist: (b[o]! & 4) !== 0 }),
    enc: (c) => [u8('fragIndex', c.fragIndex, 3) | (c.sessionDoesNotExist ? 4 : 0)],
  },
  DataFragment: {
    cid: 0x08,
    dir: 'down',
    size: (_b, _o, left) => needAtLeast(left, 2, 'DataFragment'),
    dec: (b, o, len) => ({
      n: rdLe(b, o, 2) & 0x3fff,
      fragIndex: b[o + 1]! >> 6,
      data: b.subarray(o + 2, o + len),
    }),
    enc: (c) => {
      checkInt('n', c.n, 0, MAX_FRAGMENT_INDEX);
      const head = le(c.n | (u8('fragIndex', c.fragIndex, 3) << 14), 2);
      return Buffer.concat([Buffer.from(head), c.data]);
    },
  },
});

/** FRMPayloads (port 201) of DataFragment commands for fragments numbered 1..k. */
export function dataFragmentPayloads(fragIndex: number, fragments: readonly Uint8Array[]): Buffer[] {
  if (fragments.length > MAX_FRAGMENT_INDEX) fail('BAD_FIELD', `at most ${MAX_FRAGMENT_INDEX} fragments per session`);
  return fragments.map((data, i) => ts004.encode({ type: 'DataFragment', fragIndex, n: i + 1, data }));
}
