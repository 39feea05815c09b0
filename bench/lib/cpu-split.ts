/**
 * Where a machine's CPU went over a stretch of a benchmark (Linux /proc; zeros elsewhere): the whole
 * machine, this process's main thread and its other threads (a database worker, V8's helpers),
 * and every PostgreSQL process. With a load generator's own figure this names what a rate spends
 * its 2 CPUs on.
 */
import fs from 'node:fs';
import os from 'node:os';
import { postgresCpuMs, ticksMs } from './server-process';

export interface CpuSample {
  machineBusyMs: number;
  mainMs: number;
  processMs: number;
  /** CPU so far of each thread of this process, by task id. */
  threadMs: Map<string, number>;
  postgresMs: number;
}

/** Busy CPU time of all CPUs since boot, ms (USER_HZ 100): /proc/stat minus idle and iowait. */
function machineBusyMs(): number {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const t = f.slice(0, 8).map(Number);
  return (t.reduce((a, b) => a + b, 0) - t[3]! - t[4]!) * 10;
}

export function cpuSample(): CpuSample {
  if (process.platform !== 'linux')
    return { machineBusyMs: 0, mainMs: 0, processMs: 0, threadMs: new Map(), postgresMs: 0 };
  const threadMs = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${process.pid}/task`)) {
    try {
      threadMs.set(tid, ticksMs(`/proc/${process.pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return {
    machineBusyMs: machineBusyMs(),
    mainMs: threadMs.get(String(process.pid)) ?? 0,
    processMs: ticksMs(`/proc/${process.pid}/stat`),
    threadMs,
    postgresMs: postgresCpuMs(),
  };
}

/**
 * CPU ms per second of wall time between two samples, by part; `loadMsPerS` is the load generator's
 * own CPU per second while it sent. "other" is what no part accounts for (the kernel's softirq work
 * outside these processes, everything else running).
 */
export function cpuSplit(a: CpuSample, b: CpuSample, seconds: number, loadMsPerS: number): string {
  const per = (ms: number) => Math.round(ms / seconds);
  const main = b.mainMs - a.mainMs;
  const threads = b.processMs - a.processMs - main;
  const pgMs = b.postgresMs - a.postgresMs;
  // The busiest thread besides main: PGlite's worker when the database runs in this process.
  let busiest = 0;
  for (const [tid, ms] of b.threadMs)
    if (tid !== String(process.pid)) busiest = Math.max(busiest, ms - (a.threadMs.get(tid) ?? 0));
  const busy = b.machineBusyMs - a.machineBusyMs;
  const parts = [
    `server main thread ${per(main)}`,
    `server's other threads ${per(threads)} (the busiest of them ${per(busiest)})`,
    ...(pgMs > 0 ? [`PostgreSQL ${per(pgMs)}`] : []),
    `load generator ${Math.round(loadMsPerS)}`,
    `other ${per(Math.max(0, busy - main - threads - pgMs - loadMsPerS * seconds))}`,
  ];
  return `machine busy ${per(busy)} of ${1000 * os.availableParallelism()} ms/s: ${parts.join(', ')}`;
}
