import { Worker } from 'node:worker_threads';
import type { SCRIPT_LIMITS, UplinkInput } from './sandbox';

export type ThreadReply = {
  /** Compile: the script's error. Decode: set only when the thread failed (`died`). */
  error?: string;
  /** Decode: one result per input run, in order; inputs after a runaway call were not run. */
  results?: ({ json: string } | { error: string })[];
  /** A call hit its deadline or memory limit; the thread dropped the script. */
  runaway?: boolean;
  /** The thread is gone (killed by the watchdog or crashed): it held nothing any more. */
  died?: boolean;
  /** Bytes the script's runtime holds after the call. */
  bytes?: number;
};

type Limits = typeof SCRIPT_LIMITS & { output: { depth: number; entries: number; bytes: number } };

/**
 * One decoder thread seen from the pool: one request at a time, a watchdog that kills the
 * thread when a request overruns (a script stuck inside a builtin, where QuickJS cannot check
 * its deadline), and the set of scripts it holds compiled.
 */
export class SandboxThread {
  /** Keys compiled on the current worker. */
  readonly loaded = new Set<string>();
  busy = false;
  /** Size of the worker's WebAssembly memory (it grows, never shrinks). */
  heap = 0;
  private worker: Worker | undefined;
  private started: Promise<void> | undefined;
  private pending: { id: number; resolve: (r: ThreadReply) => void; timer: NodeJS.Timeout } | undefined;
  private seq = 0;

  constructor(private readonly limits: Limits) {}

  compile(key: string, source: string, watchdogMs: number): Promise<ThreadReply> {
    return this.request({ op: 'compile', key, source }, watchdogMs).then((r) => {
      if (!r.error && !r.died) this.loaded.add(key);
      return r;
    });
  }

  decode(key: string, inputs: UplinkInput[], watchdogMs: number): Promise<ThreadReply> {
    return this.request({ op: 'decode', key, inputs }, watchdogMs).then((r) => {
      if (r.runaway) this.loaded.delete(key);
      return r;
    });
  }

  drop(key: string): void {
    if (this.loaded.delete(key)) this.worker?.postMessage({ op: 'drop', key });
  }

  /** Ends the worker; the next request starts a fresh one. */
  stop(reason: string): void {
    const w = this.worker;
    this.worker = undefined;
    this.started = undefined;
    this.loaded.clear();
    this.heap = 0;
    const p = this.pending;
    this.pending = undefined;
    if (p) {
      clearTimeout(p.timer);
      p.resolve({ error: reason, died: true });
    }
    void w?.terminate();
  }

  private async request(msg: Record<string, unknown>, watchdogMs: number): Promise<ThreadReply> {
    try {
      await this.start();
    } catch (err) {
      this.stop('');
      return { error: `decoder thread did not start: ${(err as Error).message}`, died: true };
    }
    const id = ++this.seq;
    return new Promise<ThreadReply>((resolve) => {
      const timer = setTimeout(
        () => this.stop(`timed out after ${watchdogMs} ms (decoder thread restarted)`),
        watchdogMs,
      );
      this.pending = { id, resolve, timer };
      this.worker!.postMessage({ id, ...msg });
    });
  }

  private start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      const w = new Worker(new URL('./sandbox-worker.mjs', import.meta.url), {
        workerData: this.limits,
        // QuickJS checks its own stack limit; the thread's stack must stay well above it.
        resourceLimits: { stackSizeMb: this.limits.threadStackMb },
      });
      w.unref();
      w.on('message', (m: ThreadReply & { id?: number; ready?: boolean; fatal?: boolean; heap?: number }) => {
        if (m.ready) return resolve();
        if (w !== this.worker) return;
        if (m.heap) this.heap = m.heap;
        const p = this.pending;
        if (!p || p.id !== m.id) return;
        if (m.fatal) return this.stop(m.error ?? 'decoder thread crashed');
        clearTimeout(p.timer);
        this.pending = undefined;
        p.resolve(m);
      });
      const gone = (why: string) => {
        reject(new Error(why));
        if (this.worker === w) this.stop(`decoder thread stopped: ${why}`);
      };
      w.on('error', (err) => gone(err.message));
      w.on('exit', (code) => gone(`exit code ${code}`));
      this.worker = w;
    });
    return this.started;
  }
}
