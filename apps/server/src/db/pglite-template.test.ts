import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationFiles } from './migrate';
import { keepAsTemplate, pgliteTemplateDir, startFromTemplate } from './pglite-template';
import { rowsOf } from './rows';

// Opening runs every migration: on a busy shared host that alone can take tens of seconds.
const SLOW = { timeout: 180_000 };

describe('a new embedded data directory from the template', SLOW, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-template-'));
  const template = path.join(root, 'cache', 'pglite-x');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lives in node_modules/.cache, keyed by the PGlite version', () => {
    expect(pgliteTemplateDir()).toMatch(/node_modules\/\.cache\/lns-server\/pglite-\d+\.\d+\.\d+/);
  });

  it('is kept from the first directory, and a copy opens migrated without the first one’s data', async () => {
    const first = path.join(root, 'first', 'pg');
    expect(await startFromTemplate(first, template)).toBe(false);
    const a = await openDatabase({ dataDir: first });
    await a.close();
    await keepAsTemplate(first, template);
    expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    const again = await openDatabase({ dataDir: first });
    await again.exec("CREATE TABLE kept_out (v text); INSERT INTO kept_out VALUES ('first only')");
    await again.close();

    const second = path.join(root, 'second', 'pg');
    expect(await startFromTemplate(second, template)).toBe(true);
    expect(fs.readdirSync(path.dirname(second))).toEqual(['pg']); // no copy left half-way
    const b = await openDatabase({ dataDir: second });
    try {
      const n = rowsOf(await b.db.execute(sql`SELECT count(*)::int AS n FROM _migrations`))[0]!.n;
      expect(n).toBe(migrationFiles().length);
      const t = rowsOf(await b.db.execute(sql`SELECT to_regclass('kept_out') IS NULL AS absent`))[0]!;
      expect(t.absent).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('never writes into a directory that already holds files, nor replaces a kept template', async () => {
    const used = path.join(root, 'used');
    fs.mkdirSync(used);
    fs.writeFileSync(path.join(used, 'something'), 'x');
    expect(await startFromTemplate(used, template)).toBe(false);
    expect(fs.readdirSync(used)).toEqual(['something']);
    const before = fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs;
    await keepAsTemplate(used, template);
    expect(fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs).toBe(before);
    expect(fs.existsSync(path.join(template, 'something'))).toBe(false);
  });
});
