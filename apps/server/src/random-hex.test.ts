import { describe, expect, it } from 'vitest';
import { randomHex } from './random-hex';

describe('randomHex', () => {
  it('gives the asked number of bytes as hex, never the same id twice across pool refills', () => {
    const seen = new Set<string>();
    // 3 × 4096 bytes: the pool is refilled several times, including mid-request.
    for (let i = 0; i < 1536; i++) {
      const id = randomHex(8);
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1536);
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/);
  });
});
