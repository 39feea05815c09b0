/**
 * Devices at scale: 100,000 devices of one common user in one application, seeded through
 * POST /api/device/batch-create in chunks of 10,000 (each chunk's time is the import figure); 90 %
 * of them then accept two rounds of uplinks through the data plane's accepting statement
 * (ns/accept.ts), which also gives the HOT share of those updates (pg_stat_user_tables). Then
 * p50/p95 of app.inject for the device list (50 rows, page 1) in every order the console offers,
 * both directions, without filter and filtered by tag, region and both; and for the global search.
 *
 * Run: flock /tmp/bench.lock npx tsx bench/devices.ts   (PGlite; DEVICES=20000 for a quicker run)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ...   (a fresh database, dropped after)
 *      RUNS=100 (measured runs per case), ONLY=lastSeen,fCntUp (orders to measure)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { searchApi } from '@lns/contract/api/search';
import { userApi } from '@lns/contract/api/users';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { acceptMany } from '../apps/server/src/ns/accept';
import { insertsForAccepted } from '../apps/server/src/ns/accepted-rows';
import { eui, PLANS, seedDevice } from './lib/seed-devices';

const N = Number(process.env.DEVICES ?? 100_000);
const CHUNK = 10_000;
const RUNS = Number(process.env.RUNS ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-dev-'));
const base = process.env.DATABASE_URL;
const dbName = `lns_bench_${randomBytes(4).toString('hex')}`;
async function admin(q: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(q);
  await c.end();
}
let url: string | undefined;
if (base) {
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const config = loadConfig({
  ADMIN_PASSWORD: 'meadow-lantern-42',
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: path.join(dataDir, 'none'),
});
// PGLITE_SHARED_BUFFERS=128MB compares another PGlite page cache (default 16MB).
const database = await openDatabase(
  url ? { url } : { dataDir: path.join(dataDir, 'pg'), pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS },
);
const engine = base ? 'PostgreSQL' : 'PGlite';
const { app } = await buildApp(config, database);
await app.ready();

async function call(token: string, method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) {
  const res = await app.inject({
    method,
    url,
    headers: { 'x-access-token': token },
    ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
  return body;
}
const login = async (name: string) =>
  (
    await app.inject({ method: 'POST', url: authApi.login.path, payload: { name, password: 'meadow-lantern-42' } })
  ).json().token as string;

const adminToken = await login('admin');
await call(adminToken, 'POST', userApi.create.path, { name: 'bench', password: 'meadow-lantern-42', admin: 0 });
const token = await login('bench');
const appID = (await call(token, 'POST', applicationApi.create.path, { appName: 'bench' })).data.appID as number;
const tagIds = (
  await call(token, 'POST', deviceTagApi.create.path, {
    tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`),
    groupName: 'bench',
  })
).data.tags.map((t: { tagId: number }) => t.tagId) as number[];

const device = (i: number) => seedDevice(i, tagIds, true);

const importMs: number[] = [];
for (let start = 0; start < N; start += CHUNK) {
  const devices = Array.from({ length: Math.min(CHUNK, N - start) }, (_, k) => device(start + k));
  const t0 = performance.now();
  await call(token, 'POST', deviceApi.batchCreate.path, { appID, authType: 'otaa', devices });
  importMs.push(performance.now() - t0);
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: at(50).toFixed(2), p95: at(95).toFixed(2), max: s[s.length - 1]!.toFixed(2) };
}
async function measure(label: string, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(64)} ${JSON.stringify(stats(times))} ms`);
}

console.log(`devices: ${N} on ${engine} (${url ? dbName : dataDir})`);
console.log(`${'import of 10,000 devices (batch-create, per chunk)'.padEnd(64)} ${JSON.stringify(stats(importMs))} ms`);

// Uplinks through the accepting statement: every device but each tenth (never seen), two rounds.
const hotTables = ['devices', 'device_list_keys', 'device_tag_links'];
async function updateStats() {
  // Counters reach the shared stats at the end of a transaction, at most once a second per backend.
  await new Promise((r) => setTimeout(r, 1500));
  await database.db.execute('SELECT pg_stat_force_next_flush()');
  await database.db.execute('SELECT pg_stat_clear_snapshot()');
  const rows = rowsOf(
    await database.db.execute(
      `SELECT relname, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname IN ('${hotTables.join("', '")}')`,
    ),
  );
  return new Map(rows.map((r) => [String(r.relname), { upd: Number(r.upd), hot: Number(r.hot) }]));
}
const before = await updateStats();
// In a shuffled order (k·7919 mod N visits every device once), as uplinks arrive: one statement
// updating hundreds of neighbours in import order would measure how the bench packs its pages.
const seen = Array.from({ length: N }, (_, k) => (k * 7919) % N).filter((i) => i % 10 !== 0);
const t0 = Date.now();
const uplinkMs: number[] = [];
for (let round = 0; round < 2; round++) {
  for (let k = 0; k < seen.length; k += 500) {
    const input = seen.slice(k, k + 500).map((i) => ({
      dev_eui: eui(i),
      f_cnt: round * 1000 + (i % 997),
      // Some devices share a millisecond: ties are ordered by DevEUI.
      now: t0 + round * 1_000_000 + ((i * 7919) % N) * 5,
      rssi: -120 + (i % 90),
      snr: -10 + (i % 20),
      freq: 868_100_000,
      dr: 5,
      f_port: 1,
      gw_id: 'beef000000000001',
      ack: false,
      need_down: false,
      adr_snr: [],
      adr_req: null,
    }));
    const u0 = performance.now();
    await acceptMany(database.db, insertsForAccepted([]), input);
    uplinkMs.push(performance.now() - u0);
  }
}
const after = await updateStats();
console.log(
  `${'accepting statement, 500 devices per batch'.padEnd(64)} ${JSON.stringify(stats(uplinkMs))} ms (${uplinkMs.length} batches)`,
);
for (const t of hotTables) {
  const a = after.get(t);
  if (!a) continue;
  const b = before.get(t) ?? { upd: 0, hot: 0 };
  const upd = a.upd - b.upd;
  const hot = a.hot - b.hot;
  console.log(`HOT updates of ${t}: ${hot} of ${upd} (${upd ? ((100 * hot) / upd).toFixed(1) : '-'} %)`);
}
if (engine === 'PGlite') {
  // What the hourly retention pass costs the one PGlite session after this churn (ns/retention.ts).
  const v0 = performance.now();
  const rewritten = `VACUUM (ANALYZE) ${hotTables.join(', ')}`;
  await database.db.execute(rewritten);
  console.log(`${rewritten.padEnd(64)} ${(performance.now() - v0).toFixed(0)} ms`);
  await database.db.execute('VACUUM ANALYZE');
} else {
  await database.db.execute('ANALYZE');
}

const pages = Math.max(1, Math.floor(N / PLANS.length / tagIds.length / 50));
await measure('list 50, tag + region, createtime desc, random page', (i) =>
  call(token, 'GET', deviceApi.list.path, {
    appID: String(appID),
    tagsId: String(tagIds[i % tagIds.length]),
    regions: PLANS[i % PLANS.length]![0],
    orderBy: 'createtime',
    orderType: 'desc',
    pageNo: String(1 + (i % pages)),
    pageSize: '50',
  }),
);
// The console's sortable columns (DeviceList.tsx) and its filters (regions, tags), page 1.
const ORDERS = ['createtime', 'devName', 'devEUI', 'region', 'devAddr', 'fCntUp', 'fCntDown', 'lastSeen'].filter(
  (o) => !process.env.ONLY || process.env.ONLY.split(',').includes(o),
);
const FILTERS: [string, (i: number) => Record<string, string>][] = [
  ['no filter', () => ({})],
  ['tag', (i) => ({ tagsId: String(tagIds[(i * 7) % tagIds.length]) })],
  ['region', (i) => ({ regions: PLANS[(i * 3) % PLANS.length]![0] })],
  [
    'tag + region',
    (i) => ({ tagsId: String(tagIds[(i * 7) % tagIds.length]), regions: PLANS[(i * 3) % PLANS.length]![0] }),
  ],
];
for (const orderBy of ORDERS) {
  for (const orderType of ['desc', 'asc']) {
    for (const [name, filter] of FILTERS) {
      await measure(`list 50, ${name}, ${orderBy} ${orderType}, page 1`, (i) =>
        call(token, 'GET', deviceApi.list.path, { appID: String(appID), orderBy, orderType, ...filter(i) }),
      );
    }
  }
}
await measure('search device by full EUI (dashed)', (i) =>
  call(token, 'GET', searchApi.search.path, {
    category: 'device',
    keyword: eui((i * 7919) % N)
      .replace(/(..)(?!$)/g, '$1-')
      .toUpperCase(),
    pageNo: '1',
    pageSize: '50',
  }),
);
await measure('search device by name prefix (100 matches)', (i) =>
  call(token, 'GET', searchApi.search.path, {
    category: 'device',
    keyword: `dev-${String((i * 37) % Math.max(1, Math.floor(N / 100))).padStart(4, '0')}`,
    pageNo: '1',
    pageSize: '50',
  }),
);
await measure('search device by EUI prefix (10 hex digits)', (i) =>
  call(token, 'GET', searchApi.search.path, {
    category: 'device',
    keyword: eui((i * 7919) % N).slice(0, 14),
    pageNo: '1',
    pageSize: '50',
  }),
);
await measure('search application by name prefix', () =>
  call(token, 'GET', searchApi.search.path, { category: 'application', keyword: 'ben', pageNo: '1', pageSize: '50' }),
);

await app.close();
await database.close();
// KEEP_DB: keep the PostgreSQL database afterwards (to EXPLAIN the statements on its data).
if (base && !process.env.KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
fs.rmSync(dataDir, { recursive: true, force: true });
