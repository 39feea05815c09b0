import { randomBytes } from 'node:crypto';
import { DECODED_OBJECT_LIMITS } from '@lns/contract/limits';
import { SCRIPT_LIMITS, type UplinkInput } from './sandbox';
import { SandboxThread } from './thread';

export interface PoolOptions {
  threads: number;
  /** Budget of the compiled scripts kept loaded, in bytes of their QuickJS runtimes. */
  memoryBytes: number;
  /** Compiled scripts kept loaded at most. */
  loadedMax: number;
  /** Runaway calls (deadline, memory) in a row that put a script in quarantine. */
  strikes: number;
  /** First quarantine; each further one (without a good call between) doubles up to the max. */
  quarantineMs: number;
  quarantineMaxMs: number;
  /** Uplinks of one application sent to its thread in one message (fewer round trips). */
  batch: number;
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = {
  threads: 2,
  memoryBytes: 256 * 1024 * 1024,
  loadedMax: 200,
  strikes: 3,
  quarantineMs: 60_000,
  quarantineMaxMs: 3_600_000,
  batch: 16,
};

/** Time a thread gets beyond the scripts' own deadlines before it is deemed stuck and killed. */
const WATCHDOG_SLACK_MS = 1400;

type Job = { input?: UplinkInput; resolve: (v: unknown) => void; reject: (e: Error) => void };

/** A registered script: its source, its uplinks waiting in order, and its standing. */
class Script {
  queue: Job[] = [];
  running = false;
  /** The thread that holds (or last held) it compiled. */
  thread: SandboxThread | undefined;
  bytes = 0;
  lastUsed = 0;
  strikes = 0;
  quarantinedUntil = 0;
  backoff: number;
  /** The script's own compile error (syntax, no entry point): it stays until the source changes. */
  error: string | undefined;
  dropped = false;

  constructor(
    readonly key: string,
    readonly source: string,
    quarantineMs: number,
  ) {
    this.backoff = quarantineMs;
  }

  get loaded(): boolean {
    return this.thread?.loaded.has(this.key) ?? false;
  }
}

/**
 * Decoder scripts of all applications on a few threads. Each script's calls run in order, one
 * batch at a time on one thread, and scripts with waiting uplinks take turns, so a script that
 * loops or allocates holds at most one thread and only its own uplinks wait. A script that keeps
 * running away is quarantined; a thread that dies is replaced and only the script it was running
 * gets an error. Compiled scripts are unloaded least recently used first beyond the count and
 * memory budget, and compiled again from their source when next needed.
 */
export class DecoderPool {
  readonly options: PoolOptions;
  private readonly threads: SandboxThread[];
  private readonly scripts = new Map<string, Script>();
  private readonly ready: Script[] = [];
  private clock = 0;
  private closed = false;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
    const limits = { ...SCRIPT_LIMITS, output: DECODED_OBJECT_LIMITS };
    this.threads = Array.from({ length: Math.max(1, this.options.threads) }, () => new SandboxThread(limits));
  }

  /** Makes `source` runnable as `key` (compiled on first use); the same source keeps its state. */
  register(key: string, source: string): void {
    const old = this.scripts.get(key);
    if (old && old.source === source) {
      old.dropped = false; // wanted again before it was forgotten
      return;
    }
    if (old) this.unload(old);
    this.scripts.set(key, new Script(key, source, this.options.quarantineMs));
  }

  /** Forgets `key` once its waiting uplinks are done. */
  drop(key: string): void {
    const s = this.scripts.get(key);
    if (!s) return;
    s.dropped = true;
    if (!s.running && s.queue.length === 0) this.unload(s);
  }

  /** Runs the script of `key` on one uplink; rejects with the script's error or the pool's refusal. */
  decode(key: string, input: UplinkInput): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const s = this.scripts.get(key);
      if (!s || this.closed) return reject(new Error('decoder not compiled'));
      if (s.error) return reject(new Error(`decoder does not compile: ${s.error}`));
      const refusal = this.quarantine(s);
      if (refusal) return reject(new Error(refusal));
      const parsed = (json: unknown) => {
        try {
          resolve(JSON.parse(json as string));
        } catch (err) {
          reject(err as Error);
        }
      };
      s.queue.push({ input, resolve: parsed, reject });
      this.schedule(s);
    });
  }

  /** Compiles `source` once to check it: the error message, or null when it compiled. */
  async check(source: string): Promise<string | null> {
    const key = `check:${randomBytes(6).toString('hex')}`;
    this.register(key, source);
    const s = this.scripts.get(key)!;
    try {
      return await new Promise<string | null>((resolve, reject) => {
        s.queue.push({ resolve: (e) => resolve(e as string | null), reject });
        this.schedule(s);
      });
    } finally {
      this.drop(key);
    }
  }

  /** When the script's quarantine ends (0 when it is not quarantined). */
  quarantinedUntil(key: string): number {
    const until = this.scripts.get(key)?.quarantinedUntil ?? 0;
    return until > Date.now() ? until : 0;
  }

  /** Compiled scripts now loaded and their bytes (tests, diagnostics). */
  usage(): { loaded: number; bytes: number } {
    const loaded = [...this.scripts.values()].filter((s) => s.loaded);
    return { loaded: loaded.length, bytes: loaded.reduce((n, s) => n + s.bytes, 0) };
  }

  close(): void {
    this.closed = true;
    for (const s of this.scripts.values()) this.fail(s, 'decoder pool closed');
    this.scripts.clear();
    this.ready.length = 0;
    for (const t of this.threads) t.stop('decoder pool closed');
  }

  private quarantine(s: Script): string | null {
    if (s.quarantinedUntil <= Date.now()) return null;
    return `decoder quarantined until ${new Date(s.quarantinedUntil).toISOString()}: it ran out of time or memory repeatedly`;
  }

  private schedule(s: Script): void {
    if (!s.running && !this.ready.includes(s)) this.ready.push(s);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.ready.length > 0) {
      const idle = this.threads.filter((t) => !t.busy);
      if (idle.length === 0) return;
      // A script whose thread is free and holds it compiled goes first; else the longest waiting.
      let i = this.ready.findIndex((s) => s.loaded && !s.thread!.busy);
      if (i < 0) i = 0;
      const s = this.ready.splice(i, 1)[0]!;
      const t = s.thread && !s.thread.busy ? s.thread : idle[0]!;
      void this.run(s, t);
    }
  }

  private async run(s: Script, t: SandboxThread): Promise<void> {
    s.running = true;
    t.busy = true;
    try {
      const refusal = this.quarantine(s);
      if (refusal) return this.fail(s, refusal);
      if (!t.loaded.has(s.key) && !(await this.compile(s, t))) return;
      while (s.queue[0] && !s.queue[0].input) s.queue.shift()!.resolve(null);
      const batch = s.queue.splice(0, this.options.batch);
      if (batch.length === 0) return;
      const watchdog = WATCHDOG_SLACK_MS + SCRIPT_LIMITS.callMs * batch.length;
      const r = await t.decode(
        s.key,
        batch.map((j) => j.input!),
        watchdog,
      );
      if (r.died) {
        this.strike(s, true);
        for (const j of batch) j.reject(new Error(r.error));
        return;
      }
      const results = r.results ?? [];
      results.forEach((res, n) => {
        if ('json' in res) batch[n]!.resolve(res.json);
        else batch[n]!.reject(new Error(res.error));
      });
      // Uplinks after a runaway call were not run: they wait at the head of the queue again.
      s.queue.unshift(...batch.slice(results.length));
      s.bytes = r.bytes ?? s.bytes;
      if (r.runaway) this.strike(s, false);
      else {
        s.strikes = 0;
        s.backoff = this.options.quarantineMs;
      }
    } finally {
      s.running = false;
      t.busy = false;
      s.lastUsed = ++this.clock;
      this.settle(s, t);
    }
  }

  /** Compiles on `t`; false (and the waiting calls answered) when it did not compile. */
  private async compile(s: Script, t: SandboxThread): Promise<boolean> {
    if (s.thread && s.thread !== t) s.thread.drop(s.key);
    s.thread = t;
    const r = await t.compile(s.key, s.source, WATCHDOG_SLACK_MS + 2 * SCRIPT_LIMITS.loadMs);
    if (!r.error) {
      s.bytes = r.bytes ?? 0;
      return true;
    }
    if (r.died || r.runaway) this.strike(s, !!r.died);
    else s.error = r.error;
    // Checks get the message; uplinks get it as their decode error.
    for (const j of s.queue.splice(0)) {
      if (j.input) j.reject(new Error(`decoder does not compile: ${r.error}`));
      else j.resolve(r.error);
    }
    return false;
  }

  private strike(s: Script, hard: boolean): void {
    s.strikes += hard ? this.options.strikes : 1;
    if (s.strikes < this.options.strikes) return;
    s.quarantinedUntil = Date.now() + s.backoff;
    s.backoff = Math.min(s.backoff * 2, this.options.quarantineMaxMs);
    // On probation once released: one more runaway call quarantines it again.
    s.strikes = this.options.strikes - 1;
  }

  private settle(s: Script, t: SandboxThread): void {
    if (this.closed) return;
    if (s.queue.length > 0) {
      const refusal = this.quarantine(s);
      if (refusal) this.fail(s, refusal);
      else this.ready.push(s);
    } else if (s.dropped) this.unload(s);
    this.enforceBudget();
    // The WebAssembly memory of a thread only grows: a thread far larger than what it holds starts afresh.
    const held = [...this.scripts.values()].reduce((n, x) => n + (x.thread === t && x.loaded ? x.bytes : 0), 0);
    if (!t.busy && t.heap > 2 * held + 2 * SCRIPT_LIMITS.memoryBytes) t.stop('recycled');
    this.pump();
  }

  private enforceBudget(): void {
    const loaded = [...this.scripts.values()].filter((s) => s.loaded).sort((a, b) => a.lastUsed - b.lastUsed);
    let bytes = loaded.reduce((n, s) => n + s.bytes, 0);
    let count = loaded.length;
    for (const s of loaded) {
      if (count <= this.options.loadedMax && bytes <= this.options.memoryBytes) return;
      if (s.running) continue;
      s.thread!.drop(s.key);
      count--;
      bytes -= s.bytes;
    }
  }

  private fail(s: Script, message: string): void {
    for (const j of s.queue.splice(0)) {
      if (j.input) j.reject(new Error(message));
      else j.resolve(message);
    }
  }

  private unload(s: Script): void {
    this.fail(s, 'decoder removed');
    s.thread?.drop(s.key);
    if (this.scripts.get(s.key) === s) this.scripts.delete(s.key);
    const i = this.ready.indexOf(s);
    if (i >= 0) this.ready.splice(i, 1);
  }
}
