/** The SX1302 spectral scan measures 200 kHz channels, at most 255 of them per run. */
export const CHANNEL_HZ = 200_000;
export const MAX_CHANNELS = 255;

/** One run of spectral_scan: its first channel (Hz) and how many. */
export interface ScanPass {
  startHz: number;
  channels: number;
}

/**
 * The runs that cover every frequency's nearest channel, on a 200 kHz grid starting at the lowest
 * frequency; a range wider than 255 channels takes several runs, each starting at a channel needed.
 */
export function planPasses(frequencies: number[]): ScanPass[] {
  if (frequencies.length === 0) return [];
  const base = Math.min(...frequencies);
  const indexes = [...new Set(frequencies.map((f) => Math.round((f - base) / CHANNEL_HZ)))].sort((a, b) => a - b);
  const passes: ScanPass[] = [];
  let first = indexes[0]!;
  let last = first;
  for (const i of indexes.slice(1)) {
    if (i - first >= MAX_CHANNELS) {
      passes.push({ startHz: base + first * CHANNEL_HZ, channels: last - first + 1 });
      first = i;
    }
    last = i;
  }
  passes.push({ startHz: base + first * CHANNEL_HZ, channels: last - first + 1 });
  return passes;
}
