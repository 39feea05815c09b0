import { pageWindow } from '@lns/contract/paging';
import { and, asc, count, desc, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A page of one of the relay tables, newest first unless asked otherwise, with the amount. */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  where: (SQL | undefined)[],
  order: PgColumn,
  q: { pageNo: number; pageSize: number; orderType: 'asc' | 'desc' },
): Promise<{ rows: T['$inferSelect'][]; amount: number }> {
  const cond = and(...where);
  const w = pageWindow(q);
  const base = db
    .select()
    .from(table as PgTable)
    .where(cond)
    .orderBy(q.orderType === 'asc' ? asc(order) : desc(order))
    .offset(w.offset);
  const rows = await (w.limit === undefined ? base : base.limit(w.limit));
  const [n] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(cond);
  return { rows: rows as T['$inferSelect'][], amount: Number(n?.n ?? 0) };
}

/** The time range of a query on a created-at column. */
export const inRange = (col: PgColumn, q: { startTime?: number; endTime?: number }) => [
  q.startTime === undefined ? undefined : gte(col, q.startTime),
  q.endTime === undefined ? undefined : lte(col, q.endTime),
];
