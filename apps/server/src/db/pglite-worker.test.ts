import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { databaseError, uniqueViolation } from './errors';
import { migrationFiles } from './migrate';
import { rowsOf } from './rows';

/** The error a promise fails with; the test fails if it succeeds. */
async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

const count = async (d: Database, table: string) =>
  Number(rowsOf(await d.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

// Opening runs every migration: on a busy shared host that alone can take tens of seconds.
const SLOW = { timeout: 180_000 };

describe('PGlite in a worker thread (in memory)', SLOW, () => {
  let d: Database;
  beforeAll(async () => {
    d = await openDatabase({ pgliteThread: 'worker' });
    await d.exec('CREATE TABLE w_items (id int PRIMARY KEY, label text)');
  }, SLOW.timeout);
  afterAll(() => d?.close());

  it('is still PGlite to the code that branches on kind, and has every migration applied', async () => {
    expect(d.kind).toBe('pglite');
    expect(await count(d, '_migrations')).toBe(migrationFiles().length);
    expect(rowsOf(await d.db.execute(sql`SHOW shared_buffers`))).toEqual([{ shared_buffers: '16MB' }]);
    // New WAL segments are not written full of zeros first (pglite-settings.ts).
    expect(rowsOf(await d.db.execute(sql`SHOW wal_init_zero`))).toEqual([{ wal_init_zero: 'off' }]);
  });

  it('commits a transaction, and rolls back one that throws', async () => {
    await d.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO w_items VALUES (1, 'kept')`);
    });
    const err = await failure(
      d.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO w_items VALUES (2, 'dropped')`);
        throw new Error('abort');
      }),
    );
    expect((err as Error).message).toBe('abort');
    expect(await count(d, 'w_items WHERE id = 1')).toBe(1);
    expect(await count(d, 'w_items WHERE id = 2')).toBe(0);
  });

  it('makes a query sent during a transaction wait for its end (one session)', async () => {
    const order: string[] = [];
    await d.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO w_items VALUES (10, 'a')`);
      // Sent outside the transaction while it is open: it must neither run inside it nor see half of it.
      const outside = count(d, 'w_items WHERE id >= 10').then((n) => order.push(`outside saw ${n}`));
      await tx.execute(sql`INSERT INTO w_items VALUES (11, 'b')`);
      order.push('transaction body done');
      void outside;
    });
    await expect.poll(() => order.length).toBe(2);
    expect(order).toEqual(['transaction body done', 'outside saw 2']);
  });

  it('runs transactions sent at once one after another, each whole', async () => {
    await d.exec('CREATE TABLE w_counter (v int); INSERT INTO w_counter VALUES (0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        d.db.transaction(async (tx) => {
          const [row] = rowsOf(await tx.execute(sql`SELECT v FROM w_counter`));
          await tx.execute(sql`UPDATE w_counter SET v = ${Number(row!.v) + 1}`);
        }),
      ),
    );
    expect(rowsOf(await d.db.execute(sql`SELECT v FROM w_counter`))).toEqual([{ v: 20 }]);
  });

  it('reports errors with the same SQLSTATE fields as before', async () => {
    const dup = await failure(d.db.execute(sql`INSERT INTO w_items VALUES (1, 'again')`));
    expect(uniqueViolation(dup)).toEqual({ constraint: 'w_items_pkey', table: 'w_items' });
    const bad = await failure(d.db.execute(sql.raw('SELEC 1')));
    expect(databaseError(bad)?.code).toBe('42601');
    // The session is usable after an error.
    expect(await count(d, 'w_items WHERE id = 1')).toBe(1);
  });

  it('keeps the main thread free while a long query runs', async () => {
    let ticks = 0;
    let running = true;
    const timer = setInterval(() => {
      if (running) ticks++;
    }, 5);
    try {
      await d.db.execute(sql`SELECT sum(x) FROM generate_series(1, 3000000) AS x`);
    } finally {
      running = false;
      clearInterval(timer);
    }
    // On the main thread the query's WASM would run in one go and no tick could fire meanwhile.
    expect(ticks).toBeGreaterThan(1);
  });
});

describe('PGlite in a worker thread (data directory)', SLOW, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-pgw-test-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps the data across close and reopen', async () => {
    const dir = path.join(root, 'pg');
    const first = await openDatabase({ dataDir: dir, pgliteThread: 'worker' });
    await first.exec("CREATE TABLE w_kept (v text); INSERT INTO w_kept VALUES ('survives')");
    await first.close();
    const again = await openDatabase({ dataDir: dir, pgliteSharedBuffers: '24MB' });
    try {
      expect(rowsOf(await again.db.execute(sql`SELECT v FROM w_kept`))).toEqual([{ v: 'survives' }]);
      // The memory setting reaches the worker's PGlite (its default is PostgreSQL's 128MB).
      expect(rowsOf(await again.db.execute(sql`SHOW shared_buffers`))).toEqual([{ shared_buffers: '24MB' }]);
      expect(await count(again, '_migrations')).toBe(migrationFiles().length);
    } finally {
      await again.close();
    }
  });

  it('fails to open with a clear error when the data directory is unusable', async () => {
    const file = path.join(root, 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const err = await failure(openDatabase({ dataDir: file, pgliteThread: 'worker' }));
    expect((err as Error).message).toMatch(/^PGlite worker: cannot use the data directory/);
  });
});
