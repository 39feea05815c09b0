/**
 * Shared set-up of the data-plane benchmarks: a server (PGlite in a temp directory, or a fresh
 * PostgreSQL database when DATABASE_URL is set; PGLITE_THREAD=main runs PGlite on the main
 * thread instead of its worker, for comparison) with N ABP devices and G gateways created
 * through the API, its UDP bridge on an ephemeral port, and a load generator in a child process
 * (so the server's event loop is not shared with the gateways).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { gatewayApi } from '@lns/contract/api/gateways';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { boundHeapGrowth } from '../../apps/server/src/heap-growth';
import { abpDevice } from '../../apps/server/test/devices-fixtures';

export const gwIdOf = (i: number) => `beef0000000000${i.toString(16).padStart(2, '0')}`;

/** `tagged`: every device carries one of 20 tags (the tag links then follow each uplink). */
export async function setupServer(opts: {
  devices: number;
  gateways: number;
  env?: Record<string, string>;
  tagged?: boolean;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-dp-'));
  const base = process.env.DATABASE_URL;
  let url: string | undefined;
  let dbName: string | undefined;
  if (base) {
    dbName = `lns_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const config = loadConfig({
    ADMIN_PASSWORD: 'meadow-lantern-42',
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'warn',
    // A few simulated gateways carry the whole load here: lift the per-gateway uplink cap.
    GATEWAY_MAX_UPLINKS_PER_S: '1000000',
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'none'),
    PGLITE_THREAD: process.env.PGLITE_THREAD,
    PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS,
    ...opts.env,
  });
  // As main.ts runs the server (a --heap-growing-percent given to node still wins, for A/B runs).
  boundHeapGrowth(url);
  const database = await openDatabase(
    url
      ? { url }
      : {
          dataDir: path.join(dataDir, 'pg'),
          pgliteThread: config.PGLITE_THREAD,
          pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
        },
  );
  const { app, services, integrations } = await buildApp(config, database);
  await app.ready();
  const call = async (token: string | undefined, method: 'GET' | 'POST', u: string, data?: Record<string, unknown>) => {
    const res = await app.inject({
      method,
      url: u,
      headers: token ? { 'x-access-token': token } : {},
      ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
    });
    const body = res.json();
    if (body.code !== 0) throw new Error(`${u}: ${res.body.slice(0, 300)}`);
    return body;
  };
  const token = (await call(undefined, 'POST', authApi.login.path, { name: 'admin', password: 'meadow-lantern-42' }))
    .token;
  const appID = (await call(token, 'POST', applicationApi.create.path, { appName: 'bench' })).data.appID;
  const tagIds: number[] = opts.tagged
    ? (
        await call(token, 'POST', deviceTagApi.create.path, {
          tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`),
          groupName: 'bench',
        })
      ).data.tags.map((t: { tagId: number }) => t.tagId)
    : [];
  for (let i = 0; i < opts.devices; i += 10_000) {
    const devices = Array.from({ length: Math.min(10_000, opts.devices - i) }, (_, k) => ({
      ...abpDevice(i + k + 1),
      ...(tagIds.length ? { tagsId: [tagIds[(i + k) % tagIds.length]] } : {}),
    }));
    await call(token, 'POST', deviceApi.batchCreate.path, { appID, authType: 'abp', devices });
  }
  for (let g = 0; g < opts.gateways; g++) {
    await call(token, 'POST', gatewayApi.create.path, {
      gwID: gwIdOf(g),
      gwName: `bench-gw-${g}`,
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
  }
  const dp = services.dataPlane;
  const port = await dp.start(0, '127.0.0.1');
  const close = async () => {
    await app.close();
    await database.close();
    if (base && dbName) {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, services, integrations, dp, port, call, token, engine: base ? 'PostgreSQL' : 'PGlite', close };
}

export interface LoadResult {
  sent: number;
  pullResps: number;
  /** PUSH_DATA → PULL_RESP in ms, per answered uplink. */
  latencies: number[];
  sendSeconds: number;
  /** The load generator's own CPU (user + system) while it sent, ms. */
  sendCpuMs: number;
}

/** Runs the load generator (bench/lib/dataplane-load.ts) in a child process. */
export function runLoad(args: {
  port: number;
  gateways: number;
  devices: number;
  rate: number;
  seconds: number;
  confirmed: boolean;
  fCntBase: number;
  addresses?: string[];
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./dataplane-load.ts', import.meta.url).pathname, [JSON.stringify(args)], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
