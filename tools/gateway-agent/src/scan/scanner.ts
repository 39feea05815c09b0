import type { ScanPoint } from '@lns/contract/gateway-commands';

export type { ScanPoint };

/** One noise scan: the frequencies asked for (Hz), a signal that ends it, and progress (0–100). */
export interface ScanJob {
  frequencies: number[];
  signal: AbortSignal;
  progress(pct: number): void;
}

/**
 * Measures the noise at each frequency: one point per frequency, in the same order. The agent's own
 * runs the HAL's spectral_scan (spectral.ts); a program running agents in-process may give another.
 */
export type Scanner = (job: ScanJob) => Promise<ScanPoint[]>;
