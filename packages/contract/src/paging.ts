import { z } from 'zod';

/** Page-size choices of every list; `pageNo 0, pageSize 0` means "all" where a list allows it. */
export const PAGE_SIZES = [50, 100, 150, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Largest page the server serves; the console offers PAGE_SIZES. */
export const MAX_PAGE_SIZE = 1000;

export const orderType = z.enum(['asc', 'desc']);

/** Query numbers arrive as strings; lists of ids arrive as "1,2" or repeated keys. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = Array.isArray(v) ? v : String(v).split(',');
    return arr.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  }, z.array(item).optional());

/** Paging for lists. `allowAll` lets `0,0` return every row. */
export function pagingQuery<F extends readonly [string, ...string[]]>(orderFields: F, allowAll = false) {
  const min = allowAll ? 0 : 1;
  return z.object({
    pageNo: queryInt(min, 1_000_000).default(1),
    pageSize: queryInt(min, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    orderType: orderType.default('desc'),
    orderBy: z.enum(orderFields).optional(),
  });
}

export type Paging = { pageNo: number; pageSize: number; orderType: 'asc' | 'desc' };

/** limit/offset for a page; `0,0` means all rows. */
export function pageWindow(p: { pageNo: number; pageSize: number }): { limit?: number; offset: number } {
  if (p.pageSize === 0) return { offset: 0 };
  return { limit: p.pageSize, offset: (Math.max(p.pageNo, 1) - 1) * p.pageSize };
}
