import { describe, expect, it } from 'vitest';
import { prependNewest } from './buffer';

describe('prependNewest', () => {
  const r = (k: number) => ({ key: k, frame: k });
  it('keeps newest first and drops the oldest beyond the limit', () => {
    expect(prependNewest([r(2), r(1)], [r(3), r(4)], 3).map((x) => x.key)).toEqual([4, 3, 2]);
    expect(prependNewest([r(1)], [r(2), r(3), r(4), r(5)], 3).map((x) => x.key)).toEqual([5, 4, 3]);
  });
});
