import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrate } from './migrate';

// Both drivers share the PostgreSQL dialect, so repositories are written once against this type.
export type Db = PgDatabase<any, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL that may hold several statements (migrations, maintenance). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url) : await openPglite(opts.dataDir);
  try {
    await migrate({ db: database.db, exec: database.exec, pool: poolOf(database) });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Surface a wrong URL now, not at the first request.
  const probe = await pool.connect();
  probe.release();
  pool.on('error', () => {}); // idle client errors are reported by the query that hits them
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    pool,
  } as Database & { pool: pg.Pool };
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

export function poolOf(database: Database): pg.Pool | undefined {
  return (database as Database & { pool?: pg.Pool }).pool;
}
