import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { bulkInsert } from '../db/recordset';

type Queue = { table: PgTable; rows: Record<string, unknown>[] };

/** Rows per INSERT: small enough that one statement holds a single-connection database briefly. */
const CHUNK = 1000;

/**
 * History rows written after the answer to the gateway has left: queued per table and inserted
 * in bulk every `intervalMs` (or when `maxRows` are queued). A batch that fails (e.g. its
 * device was deleted meanwhile) is retried row by row so one bad row loses only itself.
 */
export class HistoryWriter {
  private readonly queues = new Map<PgTable, Queue>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly onError: (rows: number) => void = () => {},
    private readonly intervalMs = 100,
    private readonly maxRows = 5000,
    /** Awaited before each chunk: lets time-critical work (accepting uplinks) go first. */
    private readonly yieldTo: () => Promise<void> = async () => {},
  ) {}

  add(table: PgTable, row: Record<string, unknown>): void {
    let q = this.queues.get(table);
    if (!q) {
      q = { table, rows: [] };
      this.queues.set(table, q);
    }
    q.rows.push(row);
    this.pending++;
    if (this.pending >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.queues.values()].filter((q) => q.rows.length > 0);
    this.queues.clear();
    this.pending = 0;
    // A failed write never poisons the chain: later flushes still run.
    this.flushing = this.flushing.then(() =>
      this.write(batches).catch((err) => this.log.error({ err }, 'history write failed')),
    );
    return this.flushing;
  }

  private async write(batches: Queue[]): Promise<void> {
    for (const { table, rows } of batches) {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        await this.yieldTo();
        try {
          await bulkInsert(this.db, table, chunk);
        } catch {
          for (const row of chunk) {
            await bulkInsert(this.db, table, [row]).catch((err: Error) => {
              this.onError(1);
              this.log.debug({ err }, 'history row not written');
            });
          }
        }
      }
    }
  }
}
