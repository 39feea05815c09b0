import { describe, expect, it } from 'vitest';
import { formatCount, formatTime } from './format';

describe('formatTime', () => {
  it('reads 10 digits as seconds and anything else as milliseconds', () => {
    const ms = new Date(2025, 0, 2, 3, 4, 5).getTime();
    expect(formatTime(ms)).toBe('2025/01/02 03:04:05');
    expect(formatTime(Math.floor(ms / 1000))).toBe('2025/01/02 03:04:05');
    expect(formatTime(String(Math.floor(ms / 1000)))).toBe('2025/01/02 03:04:05');
  });
  it('is empty for nothing', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('')).toBe('');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K+'],
    [1550, '1.5K+'],
    [999_999, '999.9K+'],
    [1_000_000, '1M+'],
    [2_345_678, '2.3M+'],
    [1_000_000_000, '1B+'],
    [12_300_000_000, '12.3B+'],
  ])('%d → %s', (n, s) => expect(formatCount(n)).toBe(s));
});
