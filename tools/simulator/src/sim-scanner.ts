import { setTimeout as sleep } from 'node:timers/promises';
/**
 * A simulated SX1302 noise scan for the simulator's gateway agents: a noise floor of about
 * −120…−105 dBm that drifts slowly over the band, with jitter, and peaks where the simulated
 * devices send (the uplink channels of the gateway's region), taking a second or two with progress.
 */
import type { Scanner, ScanPoint } from '../../gateway-agent/src/scan/scanner';
import { gauss } from './radio';

export interface SimulatedScanOptions {
  /** How long a scan takes (ms); 1–2 s by default. */
  durationMs?: number;
  rand?: () => number;
}

/** Within this distance of a channel's centre (Hz) its traffic shows (a 125 kHz LoRa channel). */
const TRAFFIC_HZ = 150_000;
const STEPS = 10;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The noise measured at one frequency, given the uplink channels (Hz) around it. */
export function simulatedPoint(frequency: number, channels: number[], rand: () => number = Math.random): ScanPoint {
  // A slow ripple across the band, ±4 dB around −113 dBm, and jitter.
  const floor = -113 + 4 * Math.sin(frequency / 3.1e6) + gauss(rand) * 1.2;
  const avg = Math.min(-105, Math.max(-120, floor));
  let rssiAvg = avg;
  let rssiMin = avg - 2 - 3 * rand();
  let rssiMax = avg + 3 + 4 * rand();
  for (const c of channels) {
    const d = Math.abs(frequency - c);
    if (d >= TRAFFIC_HZ) continue;
    // Uplinks are short: the average rises a little, the strongest sample a lot.
    const w = Math.exp(-((d / 70_000) ** 2));
    rssiAvg = Math.max(rssiAvg, avg + 9 * w);
    rssiMax = Math.max(rssiMax, -100 + 35 * w + gauss(rand) * 3);
  }
  rssiMin = Math.min(rssiMin, rssiAvg);
  return { frequency, rssiAvg: round1(rssiAvg), rssiMin: round1(rssiMin), rssiMax: round1(Math.max(rssiMax, rssiAvg)) };
}

export function simulatedScanner(channels: number[], o: SimulatedScanOptions = {}): Scanner {
  const rand = o.rand ?? Math.random;
  return async ({ frequencies, signal, progress }) => {
    const duration = o.durationMs ?? 1000 + 1000 * rand();
    progress(0);
    for (let i = 1; i <= STEPS; i++) {
      // The timer's own signal handling: no listener left behind per step.
      await sleep(duration / STEPS, undefined, { signal }).catch(() => {
        throw new Error('scan stopped: the time for the scan is up');
      });
      if (i < STEPS) progress((100 * i) / STEPS);
    }
    return frequencies.map((f) => simulatedPoint(f, channels, rand));
  };
}
