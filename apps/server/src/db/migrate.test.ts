import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../../test/harness';
import { openDatabase } from './client';
import { migrationFiles } from './migrate';

describe('migrations', () => {
  it('apply every checked-in file once', async () => {
    const fresh = await freshDatabase();
    try {
      const rows = (await fresh.database.db.execute(sql`SELECT name FROM _migrations ORDER BY name`)) as unknown as {
        rows: { name: string }[];
      };
      expect(rows.rows.map((r) => r.name)).toEqual(migrationFiles());
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });

  it.runIf(onPostgres)('two instances starting at once do not both migrate', async () => {
    const fresh = await freshDatabase();
    await fresh.database.close();
    try {
      const [a, b] = await Promise.all([openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url })]);
      const rows = (await a.db.execute(sql`SELECT count(*)::int AS n FROM _migrations`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0]!.n).toBe(migrationFiles().length);
      await a.close();
      await b.close();
    } finally {
      await fresh.drop();
    }
  });
});
