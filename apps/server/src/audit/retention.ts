import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit';
import { HourlyJob } from '../jobs/hourly-job';

const BATCH = 5000;
const DAY = 86_400_000;

/** Deletes audit entries older than AUDIT_RETENTION_DAYS: at start, then hourly, in batches. */
export class AuditRetentionJob extends HourlyJob {
  constructor(
    private readonly db: Db,
    private readonly days: number,
    log: FastifyBaseLogger,
  ) {
    super('audit retention', log);
  }

  protected async pass(now: number): Promise<number> {
    const cutoff = now - this.days * DAY;
    let total = 0;
    for (;;) {
      const old = this.db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.createdAt, cutoff)).limit(BATCH);
      const gone = await this.db.delete(auditLog).where(inArray(auditLog.id, old)).returning({ id: auditLog.id });
      total += gone.length;
      if (gone.length < BATCH) break;
      // Let requests in between batches.
      await new Promise((r) => setImmediate(r));
    }
    if (total > 0) this.log.info({ deleted: total, days: this.days }, 'audit retention');
    return total;
  }
}
