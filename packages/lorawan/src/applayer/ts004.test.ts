import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LorawanError } from '../errors';
import { prng } from '../prng';
import { dataFragmentPayloads, type Ts004Command, ts004 } from './ts004';
import { FecDecoder, fecDecode, fecEncode, matrixLine } from './ts004-fec';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const plainCmd = (c: Ts004Command) => ('data' in c ? { ...c, data: Array.from(c.data) } : c);

// chirpstack/chirpstack lrwn/src/applayer/fragmentation/v1.rs (test module)
const VECTORS: [Ts004Command, 'up' | 'down', string][] = [
  [{ type: 'PackageVersionReq' }, 'down', '00'],
  [{ type: 'FragSessionStatusReq', participants: true, fragIndex: 2 }, 'down', '0105'],
  [
    { type: 'FragSessionStatusAns', nbFragReceived: 1024, fragIndex: 3, missingFrag: 128, notEnoughMatrixMemory: true },
    'up',
    '0100c48001',
  ],
  [
    {
      type: 'FragSessionSetupReq',
      fragIndex: 3,
      mcGroupBitMask: 1,
      nbFrag: 1024,
      fragSize: 128,
      blockAckDelay: 5,
      fragAlgo: 1,
      padding: 64,
      descriptor: '01020304',
    },
    'down',
    '02310004800d4001020304',
  ],
  [
    {
      type: 'FragSessionSetupAns',
      encodingUnsupported: true,
      notEnoughMemory: true,
      fragSessionIndexNotSupported: false,
      wrongDescriptor: true,
      fragIndex: 2,
    },
    'up',
    '028b',
  ],
  [{ type: 'FragSessionDeleteReq', fragIndex: 3 }, 'down', '0303'],
  [{ type: 'FragSessionDeleteAns', fragIndex: 3, sessionDoesNotExist: true }, 'up', '0307'],
  [{ type: 'DataFragment', n: 1024, fragIndex: 2, data: h('01020304') }, 'down', '08008401020304'],
];

describe('TS004 commands', () => {
  it.each(VECTORS)('%o', (cmd, dir, hex) => {
    expect(ts004.encode(cmd).toString('hex')).toBe(hex);
    expect(ts004.decode(h(hex), dir).map(plainCmd)).toEqual([plainCmd(cmd)]);
  });
  it('rejects unknown CIDs, truncation and out-of-range fields', () => {
    expect(() => ts004.decode(h('09'), 'down')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CID' }));
    expect(() => ts004.decode(h('0100c480'), 'up')).toThrow(expect.objectContaining({ code: 'TOO_SHORT' }));
    expect(() => ts004.decode(h('0800'), 'down')).toThrow(expect.objectContaining({ code: 'TOO_SHORT' }));
    expect(() => ts004.encode({ type: 'FragSessionDeleteReq', fragIndex: 4 })).toThrow(LorawanError);
    expect(() => ts004.encode({ type: 'DataFragment', fragIndex: 0, n: 16384, data: h('00') })).toThrow(LorawanError);
  });
  it('frames fragments 1..k as DataFragment payloads', () => {
    const p = dataFragmentPayloads(1, [h('aa'), h('bb')]);
    expect(p.map((b) => b.toString('hex'))).toEqual(['080140aa', '080240bb']);
  });
});

describe('TS004 FEC', () => {
  // Parity-matrix rows as produced by LoRaMac-node's FragGetParityMatrixRow() (FragDecoder.c), incl. M = 2^k;
  // values quoted in a public FUOTA test-suite (test_matrix_line_matches_the_reference_decoder).
  it('matrix_line matches the reference decoder', () => {
    expect(Array.from(matrixLine(1, 26)).join('')).toBe('11010011100011001100010110');
    expect(Array.from(matrixLine(3, 32)).join('')).toBe('00000110001011000101010000110000');
  });
  it('the first M fragments are the file, coded ones XOR the selected rows', () => {
    const data = Uint8Array.from({ length: 26 * 8 }, (_, i) => (i * 37) & 0xff);
    const enc = fecEncode(data, 8, 1);
    expect(enc.nbFrag).toBe(26);
    expect(Buffer.concat(enc.fragments.slice(0, 26)).equals(Buffer.from(data))).toBe(true);
    const line = matrixLine(1, 26);
    const x = new Uint8Array(8);
    line.forEach((bit, i) => {
      if (bit) for (let k = 0; k < 8; k++) x[k]! ^= enc.fragments[i]![k]!;
    });
    expect(Array.from(enc.fragments[26]!)).toEqual(Array.from(x));
  });
  it('removes padding', () => {
    const data = Buffer.from('firmware'.repeat(13));
    const enc = fecEncode(data, 48, 0);
    expect(enc.padding).toBe(40);
    expect(
      Buffer.from(
        fecDecode(
          enc.nbFrag,
          48,
          enc.fragments.map((f, i) => [i + 1, f]),
          enc.padding,
        ),
      ).equals(data),
    ).toBe(true);
  });

  function lossy(seed: number, total: number, lose: number): Set<number> {
    const rnd = prng(seed);
    const idx = Array.from({ length: total }, (_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return new Set(idx.slice(0, lose));
  }

  const file = (() => {
    const rnd = prng(2024);
    return Uint8Array.from({ length: 65536 }, () => Math.floor(rnd() * 256));
  })();

  it('recovers a 64 KB file, 30 % redundancy (R = 0.3·M), after losing 28 % of M (21.6 % of all)', () => {
    const m = Math.ceil(file.length / 48);
    const enc = fecEncode(file, 48, Math.ceil(m * 0.3));
    const lost = lossy(1, enc.fragments.length, Math.floor(m * 0.28));
    const d = new FecDecoder(enc.nbFrag, 48);
    enc.fragments.forEach((f, i) => {
      if (!lost.has(i)) d.push(i + 1, f);
    });
    expect(d.complete).toBe(true);
    expect(Buffer.from(d.result(enc.padding)).equals(Buffer.from(file))).toBe(true);
  });

  it('recovers a 64 KB file with 30 % of the sent fragments redundant after losing 25 % of all', () => {
    const m = Math.ceil(file.length / 48);
    const total = Math.ceil(m / 0.7);
    const enc = fecEncode(file, 48, total - m);
    const lost = lossy(7, total, Math.floor(total * 0.25));
    // deliver in a shuffled order: order must not matter
    const order = [...Array(total).keys()].filter((i) => !lost.has(i));
    const rnd = prng(99);
    order.sort(() => rnd() - 0.5);
    const out = fecDecode(
      enc.nbFrag,
      48,
      order.map((i) => [i + 1, enc.fragments[i]!]),
      enc.padding,
    );
    expect(Buffer.from(out).equals(Buffer.from(file))).toBe(true);
  });

  it('reports FEC_UNRECOVERABLE when too much is lost', () => {
    const data = Uint8Array.from({ length: 2000 }, (_, i) => i & 0xff);
    const enc = fecEncode(data, 50, 4);
    const lost = lossy(3, enc.fragments.length, 10);
    const d = new FecDecoder(enc.nbFrag, 50);
    enc.fragments.forEach((f, i) => {
      if (!lost.has(i)) d.push(i + 1, f);
    });
    expect(d.complete).toBe(false);
    expect(() => d.result()).toThrow(expect.objectContaining({ code: 'FEC_UNRECOVERABLE' }));
    expect(() => d.push(1, new Uint8Array(49))).toThrow(expect.objectContaining({ code: 'BAD_LENGTH' }));
    expect(() => d.push(0, new Uint8Array(50))).toThrow(LorawanError);
  });

  it('decodes small random files from random sufficient subsets (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 600 }),
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (data, fragSize, seed) => {
          const m = Math.ceil(data.length / fragSize);
          const enc = fecEncode(data, fragSize, m + 10);
          const lost = lossy(seed, enc.fragments.length, Math.floor(m / 3));
          const d = new FecDecoder(enc.nbFrag, fragSize);
          enc.fragments.forEach((f, i) => {
            if (!lost.has(i)) d.push(i + 1, f);
          });
          if (d.complete) expect(Buffer.from(d.result(enc.padding)).equals(Buffer.from(data))).toBe(true);
          else expect(d.receivedCount).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
