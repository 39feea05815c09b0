import type { Column } from 'drizzle-orm';

/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = (res: unknown): Record<string, unknown>[] =>
  ((res as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

/**
 * Reads records of the given columns (a table's, or some of them) from raw rows keyed by SQL name,
 * once per column with the table's own decoders: drizzle's result mapping checks each field's kind
 * on every row, which costs a list page a third of its CPU.
 */
export function recordReader<R>(of: Record<string, Column>): (raw: Record<string, unknown>) => R {
  const columns = Object.entries(of).map(([key, col]) => ({ key, name: col.name, col }));
  return (raw) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) {
      const v = raw[c.name];
      out[c.key] = v === null || v === undefined ? null : c.col.mapFromDriverValue(v);
    }
    return out as R;
  };
}
