import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from './pglite-thread';
import { deallocateWhenRemoved, MAX_TEXT, preparingClient } from './prepared';

/** Both engines the pool reaches: PGlite on its thread (always) and PostgreSQL when the tests have one. */
type Engine = { url: pg.PoolConfig; sharedSession: boolean; close(): Promise<void> };
const engines: [string, () => Promise<Engine>][] = [
  [
    'PGlite thread',
    async () => {
      const t = await startPgliteThread();
      const { host, port, user, database } = t.pool.options;
      return { url: { host, port, user, database }, sharedSession: true, close: t.close };
    },
  ],
];
if (process.env.TEST_DATABASE_URL)
  engines.push([
    'PostgreSQL',
    async () => ({
      url: { connectionString: process.env.TEST_DATABASE_URL },
      sharedSession: false,
      close: async () => {},
    }),
  ]);

describe.each(engines)('prepared statements on %s', (label, open) => {
  let engine: Engine;
  let pool: pg.Pool;
  beforeAll(async () => {
    engine = await open();
    // One connection keeping two statements: what it prepared is what pg_prepared_statements shows.
    pool = new pg.Pool({ ...engine.url, max: 1, Client: preparingClient(2) });
    if (engine.sharedSession) deallocateWhenRemoved(pool);
  });
  afterAll(async () => {
    await pool.end();
    await engine.close();
  });

  // Each engine's and test's statements are their own texts (a distinct comment and alias): the set
  // of texts seen once is the process's, shared by both engines.
  const own = (text: string) => `${text} /* ${label} */`;
  const prepared = async () =>
    (await pool.query('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
      (r) => r.statement as string,
    );
  const run = (text: string, values: unknown[] = []) => pool.query({ text, values });

  it('prepares a statement the second time its text runs, with new values each time', async () => {
    const text = own('SELECT $1::int + 1 AS first_test');
    expect((await run(text, [1])).rows).toEqual([{ first_test: 2 }]);
    expect(await prepared()).not.toContain(text);
    expect((await run(text, [2])).rows).toEqual([{ first_test: 3 }]);
    expect((await run(text, [3])).rows).toEqual([{ first_test: 4 }]);
    expect(await prepared()).toContain(text);
  });

  it('keeps at most its limit per connection, dropping the least recently used, which still runs', async () => {
    const texts = ['a', 'b', 'c'].map((k) => own(`SELECT $1::text AS evict_${k}`));
    for (const t of texts) await run(t, ['x']); // seen once
    for (const t of [...texts, texts[0]!, texts[0]!]) expect((await run(t, ['y'])).rows[0]).toBeDefined();
    const now = await prepared();
    expect(now.filter((s) => s.includes('evict_'))).toHaveLength(2);
    expect(now).toContain(texts[0]);
    expect(now).not.toContain(texts[1]);
  });

  it('never prepares a text longer than MAX_TEXT', async () => {
    const text = own(`SELECT $1::int AS long_text /* ${'x'.repeat(MAX_TEXT)} */`);
    for (let i = 0; i < 3; i++) expect((await run(text, [i])).rows).toEqual([{ long_text: i }]);
    expect(await prepared()).not.toContain(text);
  });

  it('never prepares a LIKE search (its pattern must be known when it is planned)', async () => {
    const text = own("SELECT 'abc' LIKE $1 AS matched");
    for (const p of ['a%', 'b%', 'ab%']) expect((await run(text, [p])).rows).toEqual([{ matched: p !== 'b%' }]);
    expect(await prepared()).not.toContain(text);
  });

  it('answers a statement that fails to parse with its error every time, and goes on', async () => {
    const bad = own('SELECT $1::int FROM no_such_table_here');
    for (let i = 0; i < 3; i++) await expect(run(bad, [i])).rejects.toThrow(/no_such_table_here/);
    expect((await run(own('SELECT $1::int AS after_bad'), [7])).rows).toEqual([{ after_bad: 7 }]);
  });

  it('survives an eviction inside an aborted transaction', async () => {
    const texts = ['d', 'e', 'f'].map((k) => own(`SELECT $1::int AS aborted_${k}`));
    for (const t of texts.slice(0, 2)) {
      await run(t, [1]);
      await run(t, [1]); // prepared: the connection is full
    }
    await run(texts[2]!, [1]); // seen once
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await expect(client.query('SELECT 1/0')).rejects.toThrow(/division by zero/);
      // Preparing the third evicts one: its DEALLOCATE fails in the aborted transaction, as does the statement.
      await expect(client.query({ text: texts[2]!, values: [1] })).rejects.toThrow(/aborted/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    for (const t of [...texts, ...texts]) expect((await run(t, [5])).rows[0]).toBeDefined();
  });

  it.runIf(label === 'PGlite thread')(
    'drops only the statements of the connection the pool removed, on a session two share',
    async () => {
      const two = new pg.Pool({ ...engine.url, max: 2, Client: preparingClient(10) });
      deallocateWhenRemoved(two);
      const [a, b] = [await two.connect(), await two.connect()];
      const [kept, dropped] = [own('SELECT $1::int AS kept_a'), own('SELECT $1::int AS dropped_b')];
      for (const i of [1, 2]) {
        await a.query({ text: kept, values: [i] });
        await b.query({ text: dropped, values: [i] });
      }
      expect(await prepared()).toEqual(expect.arrayContaining([kept, dropped]));
      const removed = new Promise((r) => two.once('remove', r));
      b.release(new Error('failed')); // what the pool does after a failed query
      await removed;
      await two.query('SELECT 1'); // queued behind the removed one's DEALLOCATE
      const now = await prepared();
      expect(now).toContain(kept);
      expect(now).not.toContain(dropped);
      expect((await a.query({ text: kept, values: [3] })).rows).toEqual([{ kept_a: 3 }]);
      a.release();
      await two.end();
    },
  );

  it('leaves no statement behind when the pool replaces a connection after a failed query', async () => {
    const text = own('SELECT $1::int AS replaced');
    await run(text, [1]);
    await run(text, [1]);
    expect(await prepared()).toContain(text);
    const removed = new Promise((r) => pool.once('remove', r));
    await expect(run('SELECT 1/0')).rejects.toThrow(/division by zero/);
    await removed; // on PGlite's shared session, its statements are deallocated through the next connection
    expect(await prepared()).not.toContain(text);
    expect((await run(text, [2])).rows).toEqual([{ replaced: 2 }]);
  });
});
