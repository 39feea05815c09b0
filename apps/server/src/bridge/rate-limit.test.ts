import { describe, expect, it } from 'vitest';
import { KeyedRateLimiter } from './rate-limit';

describe('KeyedRateLimiter', () => {
  it('grants a burst, then the rate, per key', () => {
    const r = new KeyedRateLimiter(10, 20);
    expect(r.take('a', 25, 0)).toBe(20);
    expect(r.take('a', 5, 0)).toBe(0);
    expect(r.take('b', 5, 0)).toBe(5); // keys are independent
    expect(r.take('a', 50, 1000)).toBe(10); // one second refills 10
    expect(r.take('a', 50, 10_000)).toBe(20); // never beyond the burst
  });

  it('keeps at most maxKeys buckets', () => {
    const r = new KeyedRateLimiter(1, 1, 3);
    for (const k of ['a', 'b', 'c', 'd']) expect(r.take(k, 1, 0)).toBe(1);
    // 'a' was evicted: it starts with a fresh burst, while 'd' has none left.
    expect(r.take('a', 1, 0)).toBe(1);
    expect(r.take('d', 1, 0)).toBe(0);
  });
});
