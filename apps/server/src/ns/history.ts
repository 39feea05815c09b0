import { pageWindow } from '@lns/contract/paging';
import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Time-range filter on a created_at column; either end may be open. */
export function timeRange(col: PgColumn, q: { startTime?: number; endTime?: number }): SQL | undefined {
  return and(
    q.startTime !== undefined ? sql`${col} >= ${q.startTime}` : undefined,
    q.endTime !== undefined ? sql`${col} <= ${q.endTime}` : undefined,
  );
}

/** One page of a history table ordered by time (then id), with the total. */
export async function historyPage<T extends PgTable & { createdAt: PgColumn; id: PgColumn }>(
  db: Db,
  table: T,
  where: SQL | undefined,
  q: { pageNo: number; pageSize: number; orderType: 'asc' | 'desc' },
): Promise<{ rows: T['$inferSelect'][]; amount: number }> {
  const { limit, offset } = pageWindow(q);
  const dir = q.orderType === 'asc' ? asc : desc;
  const base = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(dir(table.createdAt), dir(table.id))
    .offset(offset);
  const [rows, [n]] = await Promise.all([
    limit ? base.limit(limit) : base,
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], amount: Number(n?.n ?? 0) };
}
