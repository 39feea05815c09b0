import fs from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

const DIR = new URL('./migrations', import.meta.url).pathname;
/** Arbitrary constant: the advisory lock that lets only one instance migrate at a time. */
const MIGRATION_LOCK = 7_270_001;

type Query = (text: string) => Promise<{ rows: unknown[] }>;

export function migrationFiles(): string[] {
  return fs
    .readdirSync(DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
}

/** What migrating needs of an open database (db/client.ts): raw SQL, and on PostgreSQL its pool. */
export interface MigrationTarget {
  db: { execute(query: SQL): PromiseLike<unknown> };
  exec(text: string): Promise<void>;
  /** Set on PostgreSQL: the lock must be held on one connection while migrating. */
  pool?: pg.Pool;
}

/** Apply checked-in SQL migrations in order, each in its own transaction, once. */
export async function migrate(database: MigrationTarget): Promise<void> {
  const pool = database.pool;
  if (!pool) {
    const query: Query = async (text) => (await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] };
    return applyPending(query, (text) => database.exec(text));
  }
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    await applyPending(
      (text) => client.query(text),
      async (text) => void (await client.query(text)),
    );
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
    client.release();
  }
}

async function applyPending(query: Query, exec: (text: string) => Promise<void>): Promise<void> {
  await exec('CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)');
  const applied = new Set((await query('SELECT name FROM _migrations')).rows.map((r) => (r as { name: string }).name));
  for (const file of migrationFiles()) {
    if (applied.has(file)) continue;
    const body = fs.readFileSync(path.join(DIR, file), 'utf8');
    try {
      await exec(
        `BEGIN;\n${body}\n;\nINSERT INTO _migrations (name, applied_at) VALUES ('${file}', ${Date.now()});\nCOMMIT;`,
      );
    } catch (err) {
      await exec('ROLLBACK').catch(() => {});
      throw new Error(`migration ${file} failed: ${(err as Error).message}`);
    }
  }
}
