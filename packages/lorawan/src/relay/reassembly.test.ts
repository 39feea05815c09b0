import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Reassembler, splitFrame } from './reassembly';
import { decodeDataBody, decodeRhf3m485, encodeDataBody, encodeRhf3m485 } from './rhf3m485';

/** The largest FRMPayload at EU868 DR0, the smallest of the data rates. */
const DR0_PAYLOAD = 51;
const frame = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7 + 3) & 0xff));
const body = encodeDataBody({ timestamp: null, data: frame.toString('hex') });

describe('rhf3m485 sub-packets', () => {
  it('cuts a 300-byte RS485 frame into DR0-sized uplinks', () => {
    const parts = splitFrame(body, DR0_PAYLOAD, 5);
    expect(parts).toHaveLength(7);
    for (const p of parts) expect(encodeRhf3m485({ type: 'DataPartUp', ...p }).length).toBeLessThanOrEqual(DR0_PAYLOAD);
  });

  it('puts it back together out of order and with a duplicate', () => {
    const r = new Reassembler();
    const parts = splitFrame(body, DR0_PAYLOAD, 5).map((p) => encodeRhf3m485({ type: 'DataPartUp', ...p }));
    const order = [3, 0, 6, 1, 1, 5, 2, 4];
    const outcomes = order.map((i, t) => {
      const m = decodeRhf3m485(parts[i]!, 'up');
      if (m.type !== 'DataPartUp') throw new Error('not a part');
      return r.add('0011223344556677', m, t * 240_000);
    });
    expect(outcomes[4]).toEqual({ kind: 'duplicate' });
    expect(outcomes[6]).toEqual({ kind: 'pending', missing: [4] });
    const last = outcomes[7]!;
    expect(last.kind).toBe('complete');
    if (last.kind === 'complete') expect(Buffer.from(decodeDataBody(last.body).data, 'hex')).toEqual(frame);
    expect(r.size).toBe(0);
  });

  it('drops a frame with a missing piece after the timeout and says what it lacked', () => {
    const r = new Reassembler(60 * 60_000);
    const parts = splitFrame(body, DR0_PAYLOAD, 9);
    for (const p of parts.filter((p) => p.index !== 2)) r.add('a', p, 0);
    expect(r.expire(60 * 60_000)).toEqual([]);
    expect(r.expire(60 * 60_000 + 1)).toEqual([{ source: 'a', frameId: 9, missing: [2] }]);
    expect(r.size).toBe(0);
  });

  it('starts over when a frameId is reused with other bytes, and keeps sources apart', () => {
    const r = new Reassembler();
    r.add('a', { frameId: 1, index: 0, total: 2, bytes: '00aa' }, 0);
    expect(r.add('b', { frameId: 1, index: 1, total: 2, bytes: 'bb' }, 0)).toEqual({ kind: 'pending', missing: [0] });
    expect(r.add('a', { frameId: 1, index: 0, total: 2, bytes: '00cc' }, 1)).toEqual({
      kind: 'restarted',
      missing: [1],
    });
    expect(r.add('a', { frameId: 1, index: 1, total: 2, bytes: 'dd' }, 2)).toEqual({
      kind: 'complete',
      body: Buffer.from('00ccdd', 'hex'),
    });
    expect(() => r.add('a', { frameId: 2, index: 2, total: 2, bytes: '' }, 3)).toThrow(/piece 2 of 2/);
  });

  it('reassembles any frame from any permutation of its pieces', () => {
    const arb = fc
      .record({ data: fc.uint8Array({ maxLength: 600 }), payload: fc.integer({ min: 11, max: 242 }) })
      .chain(({ data, payload }) => {
        const parts = splitFrame(data, payload, 0);
        return fc.tuple(fc.constant(data), fc.shuffledSubarray(parts, { minLength: parts.length }));
      });
    fc.assert(
      fc.property(arb, ([data, parts]) => {
        const r = new Reassembler();
        const outs = parts.map((p) => r.add('x', p, 0));
        expect(outs.at(-1)).toEqual({ kind: 'complete', body: Buffer.from(data) });
      }),
    );
  });
});
