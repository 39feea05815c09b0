/**
 * The CSV of the SX1302 HAL's spectral_scan: one line per 200 kHz channel,
 * `freq_hz,level,count,level,count,…` — a histogram of RSSI levels (dBm) and how many samples
 * fell on each.
 */
import type { ScanPoint } from './scanner';

export interface ChannelLevels {
  freqHz: number;
  rssiAvg: number;
  rssiMin: number;
  rssiMax: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Lines that are not such a histogram (a header, a blank line) are skipped, as are channels without samples. */
export function parseSpectralCsv(text: string): ChannelLevels[] {
  const rows: ChannelLevels[] = [];
  for (const line of text.split(/\r?\n/)) {
    const cells = line.split(',').map((c) => c.trim());
    while (cells.length && cells.at(-1) === '') cells.pop();
    if (cells.length < 3 || cells.length % 2 === 0) continue;
    const nums = cells.map(Number);
    if (nums.some((n) => !Number.isFinite(n))) continue;
    let sum = 0;
    let samples = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 1; i < nums.length; i += 2) {
      const level = nums[i]!;
      const count = nums[i + 1]!;
      if (count <= 0) continue;
      sum += level * count;
      samples += count;
      min = Math.min(min, level);
      max = Math.max(max, level);
    }
    if (samples === 0) continue;
    rows.push({ freqHz: nums[0]!, rssiAvg: round1(sum / samples), rssiMin: min, rssiMax: max });
  }
  return rows;
}

/** Farther than this from every measured channel, a frequency was not scanned. */
const NEAREST_MAX_HZ = 100_000;

/** Each frequency takes the channel nearest to it; one not covered by the scan is an error. */
export function pointsAt(rows: ChannelLevels[], frequencies: number[]): ScanPoint[] {
  return frequencies.map((frequency) => {
    let best: ChannelLevels | undefined;
    for (const r of rows) {
      if (!best || Math.abs(r.freqHz - frequency) < Math.abs(best.freqHz - frequency)) best = r;
    }
    if (!best || Math.abs(best.freqHz - frequency) > NEAREST_MAX_HZ) {
      throw new Error(`spectral_scan measured no channel near ${frequency} Hz`);
    }
    return { frequency, rssiAvg: best.rssiAvg, rssiMin: best.rssiMin, rssiMax: best.rssiMax };
  });
}
