import { USAGE_FLUSH_S, USAGE_KEEP_DAYS, utcDay } from '@lns/contract/usage';
import { count, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { gateways } from '../db/schema/gateways';
import { usageDaily } from '../db/schema/usage';
import type { DataPlaneMetrics } from '../ns/metrics';

export interface Traffic {
  uplinks: number;
  downlinks: number;
  joins: number;
}

const ZERO: Traffic = { uplinks: 0, downlinks: 0, joins: 0 };

/** Sum of a counter's series, those whose `result` label is `ok` when `okOnly`. */
async function total(counter: Counter<string>, okOnly: boolean): Promise<number> {
  const { values } = await counter.get();
  return values.filter((v) => !okOnly || v.labels.result === 'ok').reduce((n, v) => n + v.value, 0);
}

/** The database's size in bytes (PostgreSQL and PGlite both answer pg_database_size). */
export async function databaseBytes(db: Db): Promise<number> {
  const res = (await db.execute(sql`SELECT pg_database_size(current_database())::bigint AS n`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Adds what this instance handled to the day's row of `usage_daily` every USAGE_FLUSH_S, with the
 * platform's device and gateway counts and database size of that moment. It reads the data plane's
 * Prometheus counters (the same numbers /metrics shows) and writes only their growth since the
 * last flush, so several instances add up and a restart loses at most one interval.
 */
export class UsageMeter {
  private flushed: Traffic = ZERO;
  private timer: NodeJS.Timeout | undefined;
  private lastPruned = '';
  /** Flushes run one after the other: two at once would both write the same growth. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly metrics: DataPlaneMetrics,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async totals(): Promise<Traffic> {
    return {
      uplinks: await total(this.metrics.uplinks, true),
      downlinks: await total(this.metrics.downlinks, false),
      joins: await total(this.metrics.joins, true),
    };
  }

  /** What this instance handled since its last flush (not yet in the table). */
  async pending(): Promise<Traffic> {
    const t = await this.totals();
    return {
      uplinks: t.uplinks - this.flushed.uplinks,
      downlinks: t.downlinks - this.flushed.downlinks,
      joins: t.joins - this.flushed.joins,
    };
  }

  flush(now = Date.now()): Promise<void> {
    const run = this.queue.then(() => this.write(now));
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(now: number): Promise<void> {
    const t = await this.totals();
    const d = {
      uplinks: t.uplinks - this.flushed.uplinks,
      downlinks: t.downlinks - this.flushed.downlinks,
      joins: t.joins - this.flushed.joins,
    };
    const [[dev], [gw], storage] = await Promise.all([
      this.db.select({ n: count() }).from(devices),
      this.db.select({ n: count() }).from(gateways),
      databaseBytes(this.db),
    ]);
    const day = utcDay(now);
    await this.db
      .insert(usageDaily)
      .values({ day, ...d, devices: dev?.n ?? 0, gateways: gw?.n ?? 0, storageBytes: storage })
      .onConflictDoUpdate({
        target: usageDaily.day,
        set: {
          uplinks: sql`${usageDaily.uplinks} + excluded.uplinks`,
          downlinks: sql`${usageDaily.downlinks} + excluded.downlinks`,
          joins: sql`${usageDaily.joins} + excluded.joins`,
          devices: sql`excluded.devices`,
          gateways: sql`excluded.gateways`,
          storageBytes: sql`excluded.storage_bytes`,
        },
      });
    this.flushed = t;
    if (this.lastPruned !== day) {
      await this.db.delete(usageDaily).where(lt(usageDaily.day, utcDay(now - USAGE_KEEP_DAYS * 86_400_000)));
      this.lastPruned = day;
    }
  }

  private tick(): void {
    this.flush().catch((err) => this.log.warn({ err }, 'usage meter flush failed'));
  }

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), USAGE_FLUSH_S * 1000);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (runs before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((err) => this.log.warn({ err }, 'usage meter final flush failed'));
  }
}
