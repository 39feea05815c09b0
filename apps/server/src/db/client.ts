import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrate } from './migrate';
import { pgliteStartParams } from './pglite-settings';
import { startPgliteThread } from './pglite-thread';
import { PREPARED_PER_CONNECTION, preparingClient } from './prepared';

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
  /**
   * Where PGlite runs: `worker` (its own thread, reached over the wire protocol, so SQL does not
   * block the data plane and HTTP) or `main` (this thread: starts faster, for in-memory tests).
   * Default: `worker` with a data directory, `main` in memory.
   */
  pgliteThread?: 'worker' | 'main';
  /** PGlite's shared_buffers (`16MB`): its WASM memory grows to hold them, so it sets most of PGlite's RSS. */
  pgliteSharedBuffers?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const thread = opts.pgliteThread ?? (opts.dataDir ? 'worker' : 'main');
  const database = opts.url
    ? await openPostgres(opts.url)
    : thread === 'worker'
      ? await openPgliteWorker(opts.dataDir, pgliteStartParams(opts.pgliteSharedBuffers))
      : await openPglite(opts.dataDir, pgliteStartParams(opts.pgliteSharedBuffers));
  try {
    await migrate({ db: database.db, exec: database.exec, pool: poolOf(database) });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: preparingClient(PREPARED_PER_CONNECTION) });
  // Surface a wrong URL now, not at the first request.
  const probe = await pool.connect();
  probe.release();
  pool.on('error', () => {}); // idle client errors are reported by the query that hits them
  return overPool(pool, 'postgres', () => pool.end());
}

/** PGlite in a worker thread: still `kind: 'pglite'` (one session, no autovacuum), driven by node-postgres. */
async function openPgliteWorker(dataDir: string | undefined, startParams: string[]): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const thread = await startPgliteThread(dataDir, startParams);
  return overPool(thread.pool, 'pglite', thread.close);
}

function overPool(pool: pg.Pool, kind: Database['kind'], close: () => Promise<void>): Database {
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind,
    exec: async (sql) => {
      await pool.query(sql);
    },
    close,
    pool,
  } as Database & { pool: pg.Pool };
}

async function openPglite(dataDir: string | undefined, startParams: string[]): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, startParams });
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
