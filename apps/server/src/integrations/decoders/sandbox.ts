import { Worker } from 'node:worker_threads';

/** Limits of a decoder script (spec silent; recorded here and in docs/integrations.md). */
export const SCRIPT_LIMITS = {
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 512 * 1024,
  /** Evaluating the script itself. */
  loadMs: 500,
  /** One decodeUplink call, checked inside QuickJS. */
  callMs: 100,
  /** Decoded objects larger than this as JSON are refused: they would bloat every stored message. */
  maxObjectJson: 16 * 1024,
};
/** A worker that has not answered by then is stuck inside a builtin: it is killed. */
const HARD_TIMEOUT_MS = 1500;
/** A script that got its worker killed is not run again for this long. */
const QUARANTINE_MS = 60_000;

/** What a decoder script is given: The Things Stack / ChirpStack v4 `decodeUplink(input)` shape. */
export interface UplinkInput {
  bytes: number[];
  fPort: number;
  fCnt: number;
  devEUI: string;
  recvTime: string;
}

type Reply = { id: number; json?: string; error?: string };
type Pending = { resolve: (r: Reply) => void; key: string; timer: NodeJS.Timeout };

/**
 * The decoder thread seen from the data plane: compiles and runs scripts by key, restarts the
 * thread when a call overruns (recompiling what it held on the next use), and quarantines the
 * script that caused it.
 */
export class DecoderSandbox {
  private worker: Worker | undefined;
  private started: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  /** Sources of the scripts compiled by the caller; `loaded` = those the current thread holds. */
  private readonly sources = new Map<string, string>();
  private readonly loaded = new Set<string>();
  private readonly quarantined = new Map<string, number>();
  private seq = 0;

  /** Compiles a script under `key`; resolves to the error message, or null when it compiled. */
  async compile(key: string, source: string): Promise<string | null> {
    this.sources.set(key, source);
    this.quarantined.delete(key);
    const error = await this.load(key, source);
    if (error) this.sources.delete(key);
    return error;
  }

  /** Runs the script of `key`; throws an Error with the script's message, a timeout or a size error. */
  async decode(key: string, input: UplinkInput): Promise<unknown> {
    const until = this.quarantined.get(key);
    if (until !== undefined && until > Date.now()) {
      throw new Error('decoder suspended for a minute after it blocked the sandbox');
    }
    if (!this.loaded.has(key)) {
      // The thread was restarted since: compile again from the kept source.
      const source = this.sources.get(key);
      if (source === undefined) throw new Error('decoder not compiled');
      const error = await this.load(key, source);
      if (error) throw new Error(error);
    }
    const r = await this.call({ op: 'decode', key, input }, key);
    if (r.error) {
      if (/timed out|out of memory/i.test(r.error)) this.loaded.delete(key); // the thread dropped it
      throw new Error(r.error);
    }
    return JSON.parse(r.json!);
  }

  drop(key: string): void {
    this.sources.delete(key);
    this.quarantined.delete(key);
    if (this.loaded.delete(key)) this.worker?.postMessage({ op: 'drop', key });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.reset('sandbox closed');
    await w?.terminate();
  }

  /** Compiles on the current thread; the error message, or null once it holds the script. */
  private async load(key: string, source: string): Promise<string | null> {
    const r = await this.call({ op: 'compile', key, source }, key);
    if (r.error) return r.error;
    this.loaded.add(key);
    return null;
  }

  private async call(msg: Record<string, unknown>, key: string): Promise<Reply> {
    await this.start();
    const id = ++this.seq;
    return new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => {
        // Stuck inside a builtin (a deadline QuickJS could not check): kill the thread.
        this.quarantined.set(key, Date.now() + QUARANTINE_MS);
        const w = this.worker;
        this.reset(`timed out after ${HARD_TIMEOUT_MS} ms (decoder thread restarted)`);
        void w?.terminate();
      }, HARD_TIMEOUT_MS);
      this.pending.set(id, { resolve, key, timer });
      this.worker!.postMessage({ id, ...msg });
    });
  }

  private start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      const w = new Worker(new URL('./sandbox-worker.mjs', import.meta.url), { workerData: SCRIPT_LIMITS });
      w.unref();
      w.on('message', (m: Reply & { ready?: boolean }) => {
        if (m.ready) return resolve();
        const p = this.pending.get(m.id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(m.id);
        p.resolve(m);
      });
      w.on('error', (err) => {
        reject(err);
        if (this.worker === w) this.reset(`decoder thread failed: ${err.message}`);
      });
      this.worker = w;
    });
    return this.started;
  }

  /** Forgets the thread: pending calls fail with `reason`, scripts are recompiled on next use. */
  private reset(reason: string): void {
    this.worker = undefined;
    this.started = undefined;
    this.loaded.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ id, error: reason });
    }
    this.pending.clear();
  }
}
