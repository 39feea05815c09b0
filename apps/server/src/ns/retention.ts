import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from './gateways';
import type { DataSettingsCache } from './settings';

/** History tables trimmed to dataExpireDay. Queued downlinks (status 0) are kept whatever their age. */
const TABLES: { table: string; keep?: string }[] = [
  { table: 'device_frames' },
  { table: 'device_messages' },
  { table: 'gateway_frames' },
  { table: 'gateway_connections' },
  { table: 'gateway_stats' },
  { table: 'device_signal' },
  { table: 'downlinks', keep: 'status = 0' },
];
const BATCH = 5000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Deletes history older than the platform's dataExpireDay: at start, then hourly, in batches. */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: DataSettingsCache,
    private readonly log: FastifyBaseLogger,
    /** PGlite has no autovacuum: vacuum (and analyze) what was trimmed so its space is reused. */
    private readonly vacuum = false,
  ) {}

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), HOUR);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass; resolves to the number of rows deleted. */
  run(now = Date.now()): Promise<number> {
    this.running ??= this.pass(now)
      .catch((err) => {
        this.log.warn({ err }, 'retention pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async pass(now: number): Promise<number> {
    const { dataExpireDay } = await this.settings.refresh();
    const cutoff = now - dataExpireDay * DAY;
    let total = 0;
    for (const { table, keep } of TABLES) {
      let deleted = 0;
      const extra = keep ? sql.raw(` AND NOT (${keep})`) : sql``;
      for (;;) {
        const res = await this.db.execute(
          sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (SELECT id FROM ${sql.identifier(table)} WHERE created_at < ${cutoff}${extra} LIMIT ${BATCH}) RETURNING 1 AS x`,
        );
        const n = rowsOf(res).length;
        deleted += n;
        if (n < BATCH) break;
        // Yield between batches so the uplink path is not starved.
        await new Promise((r) => setTimeout(r, 10));
      }
      total += deleted;
      if (this.vacuum && deleted > 0) await this.db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
    }
    if (total > 0) this.log.info({ deleted: total, dataExpireDay }, 'history retention');
    return total;
  }
}
