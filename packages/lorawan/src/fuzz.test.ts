import { describe, expect, it } from 'vitest';
import { ts003 } from './applayer/ts003';
import { ts004 } from './applayer/ts004';
import { ts005 } from './applayer/ts005';
import { decodeCFList } from './cflist';
import { LorawanError } from './errors';
import { openDataFrame } from './frames';
import { decodeJoinAcceptBody, openJoinAccept, openJoinRequest } from './join';
import { decodeMacCommands, decodeMacCommandsLenient } from './mac';
import { decodePhy, encodePhy } from './phy';
import { prng } from './prng';
import { parseDatr } from './regions';

const K = '2b7e151628aed2a6abf7158809cf4f3c';

/** Every decoder, fed the same random buffer. Only LorawanError may escape. */
const DECODERS: [string, (b: Uint8Array) => unknown][] = [
  ['decodePhy', decodePhy],
  ['mac up', (b) => decodeMacCommands(b, 'up')],
  ['mac down', (b) => decodeMacCommands(b, 'down')],
  ['mac lenient', (b) => decodeMacCommandsLenient(b, 'down')],
  ['cflist', decodeCFList],
  ['join-accept body', decodeJoinAcceptBody],
  ['ts003 up', (b) => ts003.decode(b, 'up')],
  ['ts003 down', (b) => ts003.decode(b, 'down')],
  ['ts004 up', (b) => ts004.decode(b, 'up')],
  ['ts004 down', (b) => ts004.decode(b, 'down')],
  ['ts005 up', (b) => ts005.decode(b, 'up')],
  ['ts005 down', (b) => ts005.decode(b, 'down')],
  ['datr', (b) => parseDatr(Buffer.from(b).toString('latin1'))],
];
/** Decoders that also run AES (sampled less often). */
const CRYPTO: [string, (b: Uint8Array) => unknown][] = [
  ['openDataFrame', (b) => openDataFrame(b, { nwkSKey: K, appSKey: K, lastFCnt: 65530 })],
  ['openJoinRequest', (b) => openJoinRequest(b, K)],
  ['openJoinAccept', (b) => openJoinAccept(b, K)],
];

function randomBuffer(rnd: () => number): Uint8Array {
  const r = rnd();
  // mostly short buffers (where the interesting boundaries are), some long ones
  const len = r < 0.8 ? Math.floor(rnd() * 40) : Math.floor(rnd() * 300);
  const b = new Uint8Array(len);
  for (let i = 0; i < len; i++) b[i] = Math.floor(rnd() * 256);
  if (len > 0 && rnd() < 0.5) b[0] = b[0]! & 0xe0; // valid Major so PHY decoding goes deeper
  if (len > 5 && rnd() < 0.3) b[5] = b[5]! & 0x0f; // plausible FCtrl
  return b;
}

function check(name: string, f: (b: Uint8Array) => unknown, b: Uint8Array): void {
  try {
    f(b);
  } catch (e) {
    if (!(e instanceof LorawanError)) {
      throw new Error(
        `${name} threw ${(e as Error)?.name}: ${(e as Error)?.message} on ${Buffer.from(b).toString('hex')}`,
      );
    }
  }
}

describe('fuzz: only typed errors', () => {
  it('100,000 random buffers across all decoders', () => {
    const rnd = prng(0xc0ffee);
    let fed = 0;
    while (fed < 100_000) {
      const b = randomBuffer(rnd);
      for (const [name, f] of DECODERS) {
        check(name, f, b);
        fed++;
      }
      if (rnd() < 0.1) {
        for (const [name, f] of CRYPTO) {
          check(name, f, b);
          fed++;
        }
      }
    }
    expect(fed).toBeGreaterThanOrEqual(100_000);
  });

  it('bit-flipped valid frames decode or fail with a typed error, and re-encode identically', () => {
    const rnd = prng(7);
    const seeds = [
      '40F17DBE4900020001954378762B11FF0D',
      '60f17dbe4920020001f9d65d27',
      '0039363463336913AA05693574323831330489C65B1304',
    ];
    for (let i = 0; i < 5000; i++) {
      const b = Buffer.from(seeds[i % seeds.length]!, 'hex');
      b[Math.floor(rnd() * b.length)] ^= 1 << Math.floor(rnd() * 8);
      try {
        const f = decodePhy(b);
        // RFU bits (MHDR bits 4..2, downlink FCtrl bit 6) are ignored on decode and encoded as 0
        const expected = Buffer.from(b);
        expected[0] = expected[0]! & 0xe3;
        if (f.mType === 'UnconfirmedDataDown' || f.mType === 'ConfirmedDataDown') expected[5] = expected[5]! & 0xbf;
        expect(encodePhy(f).toString('hex')).toBe(expected.toString('hex'));
      } catch (e) {
        expect(e).toBeInstanceOf(LorawanError);
      }
    }
  });
});
