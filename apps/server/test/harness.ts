import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';

export const ADMIN_PASSWORD = 'lantern-harbour-1';

/** Which engine the API suite runs on: the server-pg project sets TEST_DB=postgres. */
export const onPostgres = process.env.TEST_DB === 'postgres';

/** Where in-memory PGlite runs: the main thread (faster to start); TEST_PGLITE_THREAD=worker runs the suite on the worker. */
const pgliteThread = process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main';

/** A fresh database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = await openDatabase({ pgliteThread });
    return { database, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lns_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A server on a fresh database; `shareDatabaseOf` (PostgreSQL only) opens the database of another
 * test app instead, as a second instance of one cluster (that app drops it). `logStream` receives
 * the log lines (set LOG_LEVEL in `env` too: tests log nothing by default).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { shareDatabaseOf?: { databaseUrl?: string }; logStream?: { write(line: string): void } } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-test-'));
  const config = loadConfig({
    ADMIN_PASSWORD,
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    // Tests that assert every gateway's rx info on one stored uplink wait the whole window; the
    // early close has tests of its own (ns/early-close.test.ts, ns/dedup.test.ts).
    DEDUP_EARLY_CLOSE: 'false',
    ...env,
  });
  const sharedUrl = opts.shareDatabaseOf?.databaseUrl;
  if (opts.shareDatabaseOf && !sharedUrl) throw new Error('shareDatabaseOf needs PostgreSQL');
  const fresh = sharedUrl
    ? { database: await openDatabase({ url: sharedUrl }), url: sharedUrl, drop: async () => {} }
    : await freshDatabase();
  const { app, services, integrations } = await buildApp(config, fresh.database, { logStream: opts.logStream });
  await app.ready();

  async function login(name = 'admin', password = ADMIN_PASSWORD): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { name, password } });
    const body = res.json();
    if (body.code !== 0) throw new Error(`login ${name} failed: ${res.body}`);
    return body.token as string;
  }

  /** Create a common (or admin) user and sign it in. */
  async function userWithToken(name: string, admin: 0 | 1 = 0): Promise<{ token: string; userID: number }> {
    const adminToken = await login();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: { 'x-access-token': adminToken },
      payload: { name, password: 'pw-123456', admin },
    });
    const userID = res.json().data.userID as number;
    return { token: await login(name, 'pw-123456'), userID };
  }

  /** inject with a token; GET sends `query`, others send `payload`. */
  async function call(
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    data?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({
      method,
      url,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...headers },
      ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        code: number;
        msg?: string;
        data?: any;
        amount?: number;
        field?: string;
        requestId?: string;
      },
    };
  }

  async function close() {
    await app.close();
    await fresh.database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, services, integrations, config, login, userWithToken, call, close, databaseUrl: fresh.url };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
