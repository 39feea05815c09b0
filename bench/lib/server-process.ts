/**
 * The real server in a child process, as `npm start` runs it (the bundle, apps/server/dist/main.mjs,
 * built when its sources changed), so a load generator does not share its event loop: PGlite in a
 * temp directory, or a fresh PostgreSQL database when DATABASE_URL is set (dropped by `stop`). `restart` starts it again on the same store,
 * optionally with `node --cpu-prof` (the profile is written when it stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { authApi } from '@lns/contract/api/auth';
import { systemApi } from '@lns/contract/api/system';
import pg from 'pg';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { inServerEnv } from '../../scripts/server-env.mjs';

// SERVER_MAIN: another server entry, run as it is (a .mjs bundle) or through tsx (a .ts: another
// checkout's main.ts for an A/B run against an older commit; tsx's name-keeping wrappers cost the
// data path a few per cent the bundle does not pay).
// KEEP_DB: keep the PostgreSQL database afterwards (to EXPLAIN the run's statements on its data).
// SERVER_NODE_FLAGS: node flags for the server, space-separated (e.g. a V8 heap setting to compare).

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function adminQuery(base: string, sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

export async function startServer(opts: { password: string; env?: Record<string, string> }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-api-'));
  const base = process.env.DATABASE_URL;
  const dbName = base ? `lns_bench_${randomBytes(4).toString('hex')}` : undefined;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: opts.password,
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'warn',
    PORT: String(await freePort()),
    UDP_PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ...opts.env,
  };
  if (base && dbName) {
    await adminQuery(base, `CREATE DATABASE ${dbName}`);
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const httpBase = `http://127.0.0.1:${env.PORT}`;
  let proc: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();

  async function boot(profileDir?: string) {
    const main = process.env.SERVER_MAIN || (await ensureServerBuilt());
    const execArgv = [
      ...(main.endsWith('.ts') ? ['--import', 'tsx'] : []),
      ...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ];
    // In the environment `npm start` gives the server (scripts/server-env.sh).
    const p = spawn(...inServerEnv(process.execPath, [...execArgv, main]), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    proc = p;
    // Never left behind when the benchmark fails.
    process.once('exit', () => p.kill('SIGKILL'));
    exited = new Promise((r) => p.once('exit', r));
    const end = Date.now() + 180_000;
    for (;;) {
      const up = await fetch(httpBase + systemApi.version.path).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (p.exitCode !== null) throw new Error(`server exited with ${p.exitCode}`);
      if (Date.now() > end) throw new Error('server did not start');
      await sleep(200);
    }
  }
  /** SIGTERM: the server shuts down cleanly (and writes its CPU profile). */
  async function halt() {
    proc?.kill('SIGTERM');
    await exited;
  }

  async function call(token: string | undefined, method: 'GET' | 'POST', url: string, data?: object) {
    const res = await fetch(httpBase + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  }

  await boot();
  return {
    engine: base ? 'PostgreSQL' : 'PGlite',
    httpBase,
    wsBase: httpBase.replace(/^http/, 'ws'),
    call,
    login: async (name: string) =>
      (await call(undefined, 'POST', authApi.login.path, { name, password: opts.password })).token as string,
    async restart(profileDir?: string) {
      await halt();
      await boot(profileDir);
    },
    /** Resident set size of the server process now and at its peak (Linux /proc). */
    rssMb() {
      const status = fs.readFileSync(`/proc/${proc?.pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
    },
    /** CPU time the server process has used so far, user + system, ms (Linux /proc; 100 ticks/s). */
    cpuMs() {
      return ticksMs(`/proc/${proc?.pid}/stat`);
    },
    /** The same for the main thread alone (its task id is the process id): HTTP, the data plane, the clients of the database. */
    mainThreadCpuMs() {
      return ticksMs(`/proc/${proc?.pid}/task/${proc?.pid}/stat`);
    },
    async stop() {
      await halt();
      if (base && dbName && !process.env.KEEP_DB)
        await adminQuery(base, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU every PostgreSQL process on this machine has used so far, ms: the database's share of a run. */
export function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ms += ticksMs(`/proc/${pid}/stat`);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ms;
}

/** user + system CPU of a /proc stat file, ms (100 ticks/s). */
export function ticksMs(statFile: string): number {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
