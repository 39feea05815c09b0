import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { Viewer } from './ownership';
import { rowsOf } from './rows';

/** The values of one call, each bound to a named slot (drizzle's placeholder) that stands for it in the statement. */
export class Slots {
  readonly values: Record<string, unknown> = {};

  bind<T>(name: string, value: T): T {
    this.values[name] = value;
    return sql.placeholder(name) as unknown as T;
  }

  /** The viewer with its id bound to a slot; an admin's id is in no condition (ownedBy), so it binds none. */
  viewer<V extends Viewer>(user: V): V {
    return user.admin ? user : { ...user, id: this.bind('owner', user.id) };
  }
}

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * Statements drizzle builds once per shape. Building one walks each of its chunks through
 * drizzle's `is()` checks, a prototype-chain walk per chunk and kind: 276 µs for the tag-filtered
 * device list in a loop on a slow host; under load, keeping it took the list's server CPU from 2.7
 * to 1.9 ms per call (docs/performance.md). A statement built with slots in place of its values
 * keeps its text; a call only fills the slots. The statement is kept under `shape` and the names of
 * the slots bound, so how many values a list holds and which optional values apply are part of it;
 * `shape` must name the rest that changes the text (orders, a viewer's kind), never a value.
 */
export class CompiledStatements {
  private readonly byShape = new Map<string, Prepared>();

  constructor(
    private readonly db: Db,
    private readonly limit = 500,
  ) {}

  /** The statement's rows as records keyed by SQL name. */
  async rows(shape: string, slots: Slots, build: () => SQL) {
    return rowsOf(await this.prepared(`o|${shape}`, slots, build, false).execute(slots.values));
  }

  /**
   * The statement's rows as arrays, in its column order: the driver then skips building a record
   * per row (on the device list, copying a 26-key template into each row was a tenth of the
   * server's CPU per call under 100 clients).
   */
  async arrays(shape: string, slots: Slots, build: () => SQL): Promise<unknown[][]> {
    return (await this.prepared(`a|${shape}`, slots, build, true).execute(slots.values)) as unknown[][];
  }

  private prepared(shape: string, slots: Slots, build: () => SQL, arrays: boolean): Prepared {
    const key = `${shape}|${Object.keys(slots.values).join()}`;
    let q = this.byShape.get(key);
    if (!q) {
      const dialect = (this.db as unknown as { dialect: PgDialect }).dialect;
      const query = dialect.sqlToQuery(build());
      // A result mapper makes drizzle ask for arrays (rowMode 'array'); this one keeps them.
      const keep = arrays ? (rows: unknown[]) => rows : undefined;
      q = this.db._.session.prepareQuery(query, undefined, undefined, arrays, keep) as Prepared;
      if (this.byShape.size >= this.limit) this.byShape.clear();
      this.byShape.set(key, q);
    }
    return q;
  }
}
