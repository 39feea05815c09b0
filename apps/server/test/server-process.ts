import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshDatabase, onPostgres } from './harness';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
export const PROCESS_PASSWORD = 'crash-pass-1';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Polls `f` until it gives a value (errors count as not yet). */
export async function until<T>(f: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

type Reply = { code: number; data?: any; amount?: number; token?: string };

/**
 * The real server process (src/main.ts) on its own ports and a store that outlives it (a PGlite
 * directory, or a fresh PostgreSQL database on the PostgreSQL run): `boot` starts it (again, on
 * the same store), `kill9` ends it without any shutdown work.
 */
export async function serverProcess(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-process-'));
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: PROCESS_PASSWORD,
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'warn',
    DEDUP_WINDOW_MS: '30',
    PORT: String(await freePort()),
    UDP_PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  let drop = async () => {};
  if (onPostgres) {
    const fresh = await freshDatabase();
    await fresh.database.close();
    env.DATABASE_URL = fresh.url!;
    drop = fresh.drop;
  }
  const base = `http://127.0.0.1:${env.PORT}`;
  let proc: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let log = '';
  let token: string | undefined;

  const api = async (method: string, url: string, body?: unknown): Promise<Reply> => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Reply;
  };

  return {
    env,
    api,
    log: () => log,
    /** Starts the process without waiting for it (to kill it at an arbitrary point of its start). */
    spawn() {
      const p = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc = p;
      p.stdout!.on('data', (d) => (log += d));
      p.stderr!.on('data', (d) => (log += d));
      exited = new Promise((r) => p.once('exit', r));
    },
    async boot() {
      this.spawn();
      // Migrations on a fresh database in a child process: slow on a busy 2-core machine.
      await until(async () => ((await fetch(`${base}/api/version`)).ok ? true : undefined), 150_000);
      token = undefined;
      token = (await api('POST', '/api/login', { name: 'admin', password: PROCESS_PASSWORD })).token!;
    },
    async kill9() {
      proc?.kill('SIGKILL');
      await exited;
    },
    async cleanup() {
      proc?.kill('SIGKILL');
      await exited;
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
