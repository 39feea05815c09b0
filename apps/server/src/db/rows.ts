import type { Column } from 'drizzle-orm';

/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = (res: unknown): Record<string, unknown>[] =>
  ((res as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

/**
 * Reads records of the given columns (a table's, or some of them) from raw rows keyed by SQL name,
 * once per column with the table's own decoders: drizzle's result mapping checks each field's kind
 * on every row, which costs a list page a third of its CPU.
 *
 * The reader is compiled once per column set into one object literal: every record then has its
 * final shape from the start. Filling an empty object field by field grew it row after row (a
 * 50-row page of 26 columns: ~90 µs a page and 2.4 KB of garbage a row, against ~7 µs a page).
 * Keys and names come from the schema (quoted with JSON.stringify), never from data.
 */
export function recordReader<R>(of: Record<string, Column>): (raw: Record<string, unknown>) => R {
  return compileReader(of, (col) => `raw[${JSON.stringify(col.name)}]`);
}

/**
 * recordReader for rows read as arrays (CompiledStatements.arrays): `of`'s columns are the
 * statement's columns `first`, `first + 1`, … in `of`'s order.
 */
export function arrayReader<R>(of: Record<string, Column>, first: number): (raw: unknown[]) => R {
  return compileReader(of, (_, i) => `raw[${first + i}]`);
}

function compileReader<R, Raw>(of: Record<string, Column>, at: (col: Column, i: number) => string): (raw: Raw) => R {
  const columns = Object.values(of);
  const fields = Object.entries(of).map(
    ([key, col], i) =>
      `${JSON.stringify(key)}: (v = ${at(col, i)}) === null || v === undefined ? null : c[${i}].mapFromDriverValue(v)`,
  );
  return new Function('c', `return (raw) => { let v; return { ${fields.join(', ')} }; };`)(columns);
}
