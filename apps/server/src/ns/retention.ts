import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { HourlyJob } from '../jobs/hourly-job';
import type { DataSettingsCache } from './settings';

/**
 * History tables trimmed to dataExpireDay. Queued downlinks are kept whatever their age. Their ids
 * follow their time: each pass deletes below the first id of the cutoff (history_first_id,
 * migration 0031), so the busiest tables need no index on created_at alone.
 */
const TABLES: { table: string; keep?: string }[] = [
  { table: 'device_frames' },
  { table: 'device_messages' },
  { table: 'gateway_frames' },
  { table: 'gateway_connections' },
  { table: 'gateway_stats' },
  { table: 'device_signal' },
  { table: 'downlinks', keep: `status = ${DOWNLINK_STATUS.ENQUEUED}` },
  // Relay and ladtp history (migration 0020).
  { table: 'relay_status_history' },
  { table: 'relay_events' },
  { table: 'relay_slave_records' },
  { table: 'relay_payloads' },
];
/**
 * Tables the uplinks rewrite in place (every accepted uplink updates its device's rows). PGlite
 * has no autovacuum: without a pass their dead row versions and index entries would only grow.
 */
const REWRITTEN = ['devices', 'device_list_keys', 'device_tag_links'];
const BATCH = 5000;
const DAY = 86_400_000;

/** Deletes history older than the platform's dataExpireDay: at start, then hourly, in batches. */
export class RetentionJob extends HourlyJob {
  constructor(
    private readonly db: Db,
    private readonly settings: DataSettingsCache,
    log: FastifyBaseLogger,
    /** PGlite has no autovacuum: vacuum (and analyze) what was trimmed so its space is reused. */
    private readonly vacuum = false,
  ) {
    super('retention', log);
  }

  protected async pass(now: number): Promise<number> {
    const { dataExpireDay } = await this.settings.refresh();
    const cutoff = now - dataExpireDay * DAY;
    let total = 0;
    for (const { table, keep } of TABLES) {
      let deleted = 0;
      const extra = keep ? sql.raw(` AND NOT (${keep})`) : sql``;
      const [first] = rowsOf(await this.db.execute(sql`SELECT history_first_id(${table}::regclass, ${cutoff}) AS id`));
      for (;;) {
        const res = await this.db.execute(
          sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (SELECT id FROM ${sql.identifier(table)} WHERE id < ${String(first!.id)} AND created_at < ${cutoff}${extra} LIMIT ${BATCH}) RETURNING 1 AS x`,
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
    if (this.vacuum) await this.db.execute(sql.raw(`VACUUM (ANALYZE) ${REWRITTEN.join(', ')}`));
    if (total > 0) this.log.info({ deleted: total, dataExpireDay }, 'history retention');
    return total;
  }
}
