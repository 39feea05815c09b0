import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './rows';

/** A value the statement takes at each call: drizzle's placeholder, typed as the value it stands for. */
export const slot = <T>(name: string): T => sql.placeholder(name) as unknown as T;

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * Statements drizzle builds once per shape. Building one walks each of its chunks through
 * drizzle's `is()` checks, a prototype-chain walk per chunk and kind: 276 µs for the tag-filtered
 * device list in a loop on a slow host; under load, keeping it took the list's server CPU from 2.7
 * to 1.9 ms per call (docs/performance.md). A statement built with `slot`s in place
 * of its values keeps its text; a call only fills the slots. `shape` must name everything that
 * changes the text (orders, how many values a list holds, which conditions apply), never a value.
 */
export class CompiledStatements {
  private readonly byShape = new Map<string, Prepared>();

  constructor(
    private readonly db: Db,
    private readonly limit = 500,
  ) {}

  async rows(shape: string, build: () => SQL, values: Record<string, unknown>) {
    let q = this.byShape.get(shape);
    if (!q) {
      const dialect = (this.db as unknown as { dialect: PgDialect }).dialect;
      q = this.db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, undefined, false) as Prepared;
      if (this.byShape.size >= this.limit) this.byShape.clear();
      this.byShape.set(shape, q);
    }
    return rowsOf(await q.execute(values));
  }
}
