import { readFileSync, statfsSync } from 'node:fs';
import os from 'node:os';
import { dirname } from 'node:path';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** kB values of /proc/meminfo by name. */
export function parseMeminfo(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^(\w+):\s+(\d+)/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

/**
 * Memory in use, %: (MemTotal − MemAvailable) / MemTotal, what `free` shows as used (page cache
 * the kernel can drop does not count). Without /proc: node's total and free memory.
 */
export function memoryUsage(): number {
  try {
    const m = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
    if (m.MemTotal && m.MemAvailable !== undefined) return round1(((m.MemTotal - m.MemAvailable) / m.MemTotal) * 100);
  } catch {}
  return round1(((os.totalmem() - os.freemem()) / os.totalmem()) * 100);
}

/**
 * Use% of the filesystem holding `path`, as df computes it: used / (used + available to
 * non-root). A path that does not exist yet is measured at its nearest existing parent.
 */
export function diskUsage(path: string): number | undefined {
  let p = path;
  for (;;) {
    try {
      const s = statfsSync(p);
      const used = s.blocks - s.bfree;
      const size = used + s.bavail;
      return size > 0 ? round1((used / size) * 100) : 0;
    } catch (err) {
      const parent = dirname(p);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === p) return undefined;
      p = parent;
    }
  }
}
