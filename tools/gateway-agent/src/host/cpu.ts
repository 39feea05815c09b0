import { readFileSync } from 'node:fs';
import os from 'node:os';

interface Sample {
  busy: number;
  total: number;
  at: number;
}

/** /proc/stat's first line (all CPUs, in clock ticks); idle counts iowait too, as top does. */
export function parseProcStat(text: string): { busy: number; total: number } | null {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

function sample(): Sample {
  let counts: { busy: number; total: number } | null = null;
  try {
    counts = parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {}
  if (!counts) {
    // Not Linux: node's per-CPU times (ms), which have no iowait.
    counts = { busy: 0, total: 0 };
    for (const { times } of os.cpus()) {
      const t = times.user + times.nice + times.sys + times.irq + times.idle;
      counts.total += t;
      counts.busy += t - times.idle;
    }
  }
  return { ...counts, at: Date.now() };
}

const MIN_WINDOW_MS = 500;

/**
 * CPU usage in % over the time since the previous reading (the report interval), so a report
 * says how busy the host was, not how busy it was in one instant. The first reading, or one too
 * soon after the last, measures over half a second.
 */
export class CpuMeter {
  private last: Sample = sample();

  async usage(): Promise<number> {
    if (Date.now() - this.last.at < MIN_WINDOW_MS) {
      await new Promise((r) => setTimeout(r, MIN_WINDOW_MS));
    }
    const now = sample();
    const busy = now.busy - this.last.busy;
    const total = now.total - this.last.total;
    this.last = now;
    if (total <= 0) return 0;
    return Math.round(Math.min(100, Math.max(0, (busy / total) * 100)) * 10) / 10;
  }
}
