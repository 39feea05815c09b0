import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/harness';
import type { Db } from './client';
import { databaseError, foreignKeyViolation, isDatabaseError, uniqueViolation } from './errors';

/** One engine: a Drizzle handle, the bare driver (errors without Drizzle's wrapper), and cleanup. */
interface Engine {
  db: Db;
  raw(text: string): Promise<unknown>;
  close(): Promise<void>;
}

async function openPglite(): Promise<Engine> {
  const client = new PGlite();
  return { db: drizzlePglite(client) as unknown as Db, raw: (t) => client.query(t), close: () => client.close() };
}

async function openPostgres(schema: string): Promise<Engine> {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
  return {
    db: drizzlePg(pool) as unknown as Db,
    raw: (t) => pool.query(t),
    close: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/** The error a statement fails with; the test fails if it succeeds. */
async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('the statement was expected to fail');
}

const engines = [
  { name: 'PGlite', enabled: true, open: openPglite },
  // The server-pg project (TEST_DB=postgres) runs against TEST_DATABASE_URL.
  { name: 'PostgreSQL', enabled: onPostgres, open: openPostgres },
];

for (const engine of engines) {
  describe.runIf(engine.enabled)(`database errors from ${engine.name}`, () => {
    // A throwaway schema: nothing else in the database is touched, and a rerun never collides.
    const schema = `errors_test_${randomBytes(4).toString('hex')}`;
    const parent = `${schema}.parent`;
    const child = `${schema}.child`;
    let e: Engine;

    beforeAll(async () => {
      e = await engine.open(schema);
      await e.raw(`CREATE SCHEMA ${schema}`);
      await e.raw(
        `CREATE TABLE ${parent} (id int PRIMARY KEY, name text CONSTRAINT parent_name_key UNIQUE, code text)`,
      );
      await e.raw(`CREATE UNIQUE INDEX parent_code_idx ON ${parent} (lower(code))`);
      await e.raw(`CREATE TABLE ${child} (
        id int PRIMARY KEY,
        parent_id int NOT NULL CONSTRAINT child_parent_fk REFERENCES ${parent} (id),
        qty int CONSTRAINT child_qty_check CHECK (qty >= 0))`);
      await e.raw(`INSERT INTO ${parent} VALUES (1, 'one', 'A'), (2, 'two', 'B')`);
      await e.raw(`INSERT INTO ${child} VALUES (1, 1, 0)`);
    });
    afterAll(async () => e?.close());

    const run = (text: string) => e.db.execute(sql.raw(text));

    it('names the unique constraint a write ran into, through Drizzle', async () => {
      const err = await failure(run(`INSERT INTO ${parent} VALUES (3, 'one', 'C')`));
      expect(isDatabaseError(err)).toBe(false); // Drizzle's wrapper: the driver's error is its cause
      expect(uniqueViolation(err)).toEqual({ constraint: 'parent_name_key', table: 'parent' });
      expect(foreignKeyViolation(err)).toBeUndefined();
    });

    it('names the unique index (an expression index is not a constraint)', async () => {
      const err = await failure(run(`INSERT INTO ${parent} VALUES (3, 'three', 'a')`));
      expect(uniqueViolation(err)?.constraint).toBe('parent_code_idx');
    });

    it('recognises the bare driver error as well', async () => {
      const err = await failure(e.raw(`INSERT INTO ${parent} VALUES (1, 'uno', 'C')`));
      expect(isDatabaseError(err)).toBe(true);
      expect(databaseError(err)).toBe(err);
      expect(uniqueViolation(err)).toEqual({ constraint: 'parent_pkey', table: 'parent' });
    });

    it('sees through a Drizzle transaction', async () => {
      const err = await failure(
        e.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`INSERT INTO ${parent} VALUES (4, 'four', 'D')`));
          await tx.execute(sql.raw(`UPDATE ${parent} SET name = 'two' WHERE id = 4`));
        }),
      );
      expect(uniqueViolation(err)?.constraint).toBe('parent_name_key');
      // The transaction rolled back: the first row is gone too.
      const left = (await run(`SELECT count(*)::int AS n FROM ${parent} WHERE id = 4`)) as unknown as {
        rows: { n: number }[];
      };
      expect(left.rows[0]!.n).toBe(0);
    });

    it('names the foreign key an insert breaks', async () => {
      const err = await failure(run(`INSERT INTO ${child} VALUES (2, 99, 1)`));
      expect(foreignKeyViolation(err)).toEqual({ constraint: 'child_parent_fk', table: 'child' });
      expect(uniqueViolation(err)).toBeUndefined();
    });

    it('names the foreign key a delete breaks (the referencing table)', async () => {
      const err = await failure(run(`DELETE FROM ${parent} WHERE id = 1`));
      expect(foreignKeyViolation(err)).toEqual({ constraint: 'child_parent_fk', table: 'child' });
    });

    it('answers undefined for other database errors', async () => {
      // One at a time: a rejection nobody awaits yet would be reported as unhandled.
      const failures = [
        () => run(`INSERT INTO ${child} VALUES (3, 1, -1)`), // check violation
        () => run(`INSERT INTO ${child} (id, qty) VALUES (3, 1)`), // not null
        () => run(`SELECT * FROM ${schema}.missing`), // undefined table
        () => e.raw('SELEC 1'), // syntax error
      ];
      for (const statement of failures) {
        const err = await failure(statement());
        expect(databaseError(err)?.code).toMatch(/^[0-9A-Z]{5}$/);
        expect(uniqueViolation(err)).toBeUndefined();
        expect(foreignKeyViolation(err)).toBeUndefined();
      }
    });
  });
}

describe('errors that are not from a database', () => {
  it('are not mistaken for one', () => {
    const looped: { cause?: unknown } = {};
    looped.cause = looped;
    const others: unknown[] = [
      new Error('plain'),
      Object.assign(new Error('domain'), { code: 3101 }),
      Object.assign(new Error('socket'), { code: 'ECONNRESET' }),
      new Error('wrapped', { cause: new Error('inner') }),
      looped,
      'a string',
      undefined,
      null,
    ];
    for (const err of others) {
      expect(databaseError(err)).toBeUndefined();
      expect(uniqueViolation(err)).toBeUndefined();
      expect(foreignKeyViolation(err)).toBeUndefined();
    }
  });
});
