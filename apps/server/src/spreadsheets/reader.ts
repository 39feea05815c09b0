import { Worker } from 'node:worker_threads';
import { C } from '@lns/contract/codes';
import { IMPORT_LIMITS, type ImportLimit } from '@lns/contract/request-limits';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../errors';
import { type ImportLimits, tooComplex, tooLarge, unreadable } from './limits';
import { precheckSpreadsheet, type SpreadsheetPlan } from './precheck';

/** How uploaded spreadsheets are read: each on a fresh thread of its own. */
export const SHEET_THREADS = {
  /** Heap of a reading thread: a sheet within IMPORT_LIMITS needs under 50 MB. */
  heapMb: 192,
  /** A full 5,000-row sheet reads in 1–3 s on a busy 2-core host. */
  timeoutMs: 10_000,
  /** Threads reading at once (each may use its heap). */
  concurrency: 2,
  /** Imports waiting for a thread; beyond that they are refused with 1009 (try again). */
  queue: 8,
};
export type SheetThreads = typeof SHEET_THREADS;

/** A sheet as rows of cell values (first row = header), as SheetJS `sheet_to_json(header: 1)` gives it. */
export type SheetGrid = unknown[][];

type Outcome = { grid: SheetGrid } | { refused: ImportLimit } | { unreadable: string };

/**
 * Reads uploaded spreadsheets without letting one stall the event loop (HTTP, UDP) or exhaust
 * the heap: cheap checks on the raw bytes first, then a worker thread with a heap cap and a
 * deadline that is terminated when it overruns; the caller gets a coded refusal either way.
 */
export class SpreadsheetReader {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();

  constructor(
    private readonly threads: SheetThreads = SHEET_THREADS,
    private readonly limits: ImportLimits = IMPORT_LIMITS,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The first sheet of an .xlsx/.xls file; throws DomainError 6102, 6103, 1007 or 1009. */
  async read(file: Buffer): Promise<SheetGrid> {
    const plan = precheckSpreadsheet(file, this.limits);
    await this.acquire();
    try {
      return await this.parse(file, plan);
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private async acquire(): Promise<void> {
    if (this.running < this.threads.concurrency) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.threads.queue) {
      throw new DomainError(C.BUSY, 'too many spreadsheets are being read, try again shortly', 'file');
    }
    // release() hands its slot straight to the first waiter.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private parse(file: Buffer, plan: SpreadsheetPlan): Promise<SheetGrid> {
    const { heapMb, timeoutMs } = this.threads;
    return new Promise<SheetGrid>((resolve, reject) => {
      const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
        workerData: { file: new Uint8Array(file), plan, limits: this.limits },
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      this.workers.add(worker);
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () => settle(() => reject(tooComplex(`not read within ${timeoutMs / 1000} s`))),
        timeoutMs,
      );
      worker.once('message', (m: Outcome) =>
        settle(() => {
          if ('grid' in m) resolve(m.grid);
          else if ('refused' in m) reject(tooLarge(m.refused, this.limits));
          else reject(unreadable());
        }),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        settle(() => {
          if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') return reject(tooComplex(`needs more than ${heapMb} MB`));
          this.log?.error({ err }, 'spreadsheet reader failed');
          reject(tooComplex('the reader stopped'));
        }),
      );
      worker.once('exit', () => settle(() => reject(tooComplex('the reader stopped'))));
    });
  }
}
