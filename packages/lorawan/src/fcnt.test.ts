import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFCnt, isFCntExhausted, isReplay, reconstructFCnt } from './fcnt';

describe('FCnt reconstruction', () => {
  it('extends the 16-bit wire value', () => {
    expect(reconstructFCnt(5, null)).toBe(5);
    expect(reconstructFCnt(5, 4)).toBe(5);
    expect(reconstructFCnt(4, 4)).toBe(4); // retransmission
    expect(reconstructFCnt(0, 0xffff)).toBe(0x10000); // rollover
    expect(reconstructFCnt(3, 0x1fffe)).toBe(0x20003);
    expect(reconstructFCnt(0x1234, 0x0005_0000)).toBe(0x0005_1234);
    expect(reconstructFCnt(2, 0xffff_ffff)).toBe(0x1_0000_0002);
    expect(isFCntExhausted(0x1_0000_0002)).toBe(true);
  });
  it('flags replays', () => {
    expect(isReplay(null, 0)).toBe(false);
    expect(isReplay(10, 11)).toBe(false);
    expect(isReplay(10, 10)).toBe(true);
    expect(isReplay(10, 10, { allowRetransmission: true })).toBe(false);
    expect(isReplay(10, 9)).toBe(true);
  });
  it('reports gap, retransmission and suspicious jumps', () => {
    expect(checkFCnt(11, 10)).toEqual({ fCnt: 11, gap: 0, retransmission: false, suspicious: false });
    expect(checkFCnt(10, 10)).toMatchObject({ retransmission: true, gap: -1 });
    expect(checkFCnt(9, 10)).toMatchObject({ fCnt: 0x10009, suspicious: true });
  });
  it('always yields the nearest value ≥ last with matching low bits (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffff }), (last, w) => {
        const v = reconstructFCnt(w, last);
        expect(v % 0x10000).toBe(w);
        expect(v).toBeGreaterThanOrEqual(last);
        expect(v - last).toBeLessThan(0x10000);
      }),
    );
  });
});
