import type { AuditListQuery, AuditRow } from '@lns/contract/audit';
import { and, asc, count, desc, eq, gte, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit';

export type AuditFilter = Omit<AuditListQuery, 'pageNo' | 'pageSize' | 'orderBy' | 'orderType'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: AuditFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.userID !== undefined) conds.push(eq(auditLog.userId, f.userID));
  if (f.userName) conds.push(sql`lower(${auditLog.userName}) = lower(${f.userName})`);
  if (f.action) conds.push(like(auditLog.action, `${escapeLike(f.action)}%`));
  if (f.entityType) conds.push(eq(auditLog.entityType, f.entityType));
  if (f.entityID) {
    // EUIs are stored lowercase; a batch names its entities as "a,b,c": match one of them too.
    const ids = [...new Set([f.entityID, f.entityID.toLowerCase()])];
    conds.push(
      or(
        ...ids.map((id) => eq(auditLog.entityId, id)),
        ...ids.map((id) => sql`(',' || ${auditLog.entityId} || ',') LIKE ${`%,${escapeLike(id)},%`}`),
      ),
    );
  }
  if (f.outcome) conds.push(eq(auditLog.success, f.outcome === 'success'));
  if (f.startTime !== undefined) conds.push(gte(auditLog.createdAt, f.startTime));
  if (f.endTime !== undefined) conds.push(lte(auditLog.createdAt, f.endTime));
  return and(...conds);
}

type Row = typeof auditLog.$inferSelect;

const toRow = (r: Row): AuditRow => ({
  id: r.id,
  createtime: r.createdAt,
  userID: r.userId,
  userName: r.userName,
  clientIP: r.clientIp,
  method: r.method,
  route: r.route,
  action: r.action,
  entityType: r.entityType,
  entityID: r.entityId,
  code: r.code,
  success: r.success,
  before: r.before ?? null,
  after: r.after ?? null,
  request: r.request ?? null,
});

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async list(f: AuditFilter, p: { limit?: number; offset: number; orderType: 'asc' | 'desc' }) {
    const order =
      p.orderType === 'asc'
        ? [asc(auditLog.createdAt), asc(auditLog.id)]
        : [desc(auditLog.createdAt), desc(auditLog.id)];
    const cond = where(f);
    const q = this.db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(...order)
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [{ n }] = (await this.db.select({ n: count() }).from(auditLog).where(cond)) as [{ n: number }];
    return { rows: rows.map(toRow), amount: Number(n) };
  }
}
