import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planPasses } from './channels';
import { parseSpectralCsv, pointsAt } from './csv';

const sample = readFileSync(new URL('../../test/fixtures/spectral_scan.csv', import.meta.url), 'utf8');

describe('spectral_scan CSV', () => {
  it("reads each channel's histogram: count-weighted average, lowest and highest level with samples", () => {
    expect(parseSpectralCsv(sample)).toEqual([
      { freqHz: 868_100_000, rssiAvg: -117, rssiMin: -120, rssiMax: -116 },
      { freqHz: 868_300_000, rssiAvg: -121.2, rssiMin: -124, rssiMax: -112 },
      { freqHz: 868_500_000, rssiAvg: -110.8, rssiMin: -116, rssiMax: -64 },
    ]);
  });

  it('skips what is not a histogram line', () => {
    expect(parseSpectralCsv('freq_hz,level,count\n\n868100000,-100,0\nabc,1,2\n868300000,-90,2,-80\n')).toEqual([]);
    expect(parseSpectralCsv('868100000,-100,3\r\n')).toEqual([
      { freqHz: 868_100_000, rssiAvg: -100, rssiMin: -100, rssiMax: -100 },
    ]);
  });

  it('gives each frequency its nearest channel; one far from every channel is an error', () => {
    const rows = parseSpectralCsv(sample);
    expect(pointsAt(rows, [868_100_000, 868_250_000, 868_540_000])).toEqual([
      { frequency: 868_100_000, rssiAvg: -117, rssiMin: -120, rssiMax: -116 },
      { frequency: 868_250_000, rssiAvg: -121.2, rssiMin: -124, rssiMax: -112 },
      { frequency: 868_540_000, rssiAvg: -110.8, rssiMin: -116, rssiMax: -64 },
    ]);
    // 868.7 MHz had no samples: its line was skipped, and 868.5 is 200 kHz away.
    expect(() => pointsAt(rows, [868_700_000])).toThrow('spectral_scan measured no channel near 868700000 Hz');
  });
});

describe('spectral_scan runs', () => {
  it('covers the range on a 200 kHz grid from its lowest frequency, at most 255 channels a run', () => {
    expect(planPasses([868_000_000, 868_100_000, 868_200_000, 868_900_000])).toEqual([
      { startHz: 868_000_000, channels: 6 },
    ]);
    const wide = Array.from({ length: 14 }, (_, i) => 863_000_000 + i * 5_000_000);
    expect(planPasses(wide)).toEqual([
      { startHz: 863_000_000, channels: 251 },
      { startHz: 918_000_000, channels: 51 },
    ]);
    expect(planPasses([])).toEqual([]);
  });
});
