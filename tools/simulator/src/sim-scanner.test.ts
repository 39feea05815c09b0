import { prng } from '@lns/lorawan/prng';
import { describe, expect, it } from 'vitest';
import { simulatedPoint, simulatedScanner } from './sim-scanner';

const channels = [868_100_000, 868_300_000, 868_500_000];

describe('simulated noise scan', () => {
  it('gives a noise floor of −120…−105 dBm away from the channels, peaks on them', () => {
    const rand = prng(7);
    for (let f = 863_000_000; f <= 867_000_000; f += 100_000) {
      const p = simulatedPoint(f, channels, rand);
      expect(p.rssiAvg).toBeGreaterThanOrEqual(-120);
      expect(p.rssiAvg).toBeLessThanOrEqual(-105);
      expect(p.rssiMin).toBeLessThanOrEqual(p.rssiAvg);
      expect(p.rssiMax).toBeGreaterThanOrEqual(p.rssiAvg);
    }
    const on = simulatedPoint(868_100_000, channels, rand);
    const off = simulatedPoint(869_000_000, channels, rand);
    expect(on.rssiMax).toBeGreaterThan(off.rssiMax + 15);
    expect(on.rssiAvg).toBeGreaterThan(off.rssiAvg);
  });

  it('takes its time with progress, and stops when the signal says so', async () => {
    const scan = simulatedScanner(channels, { durationMs: 100 });
    const progress: number[] = [];
    const frequencies = [868_000_000, 868_100_000, 868_200_000];
    const start = Date.now();
    const points = await scan({ frequencies, signal: new AbortController().signal, progress: (p) => progress.push(p) });
    expect(Date.now() - start).toBeGreaterThanOrEqual(90);
    expect(points.map((p) => p.frequency)).toEqual(frequencies);
    expect(progress).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);

    const ac = new AbortController();
    const slow = simulatedScanner(channels, { durationMs: 10_000 })({
      frequencies,
      signal: ac.signal,
      progress: () => {},
    });
    ac.abort();
    await expect(slow).rejects.toThrow('scan stopped');
  });
});
