/**
 * Devices at scale on the embedded database (PGlite): 100,000 devices of one common user in one
 * application, seeded through POST /api/device/batch-create in chunks of 10,000 (each chunk's
 * time is the import figure), then p50/p95 of app.inject for the device list (50 rows, filtered
 * by tag and region, sorted) and for the global search by EUI and name prefix.
 *
 * Run: npx tsx bench/devices.ts   (DEVICES=20000 for a quicker run)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { searchApi } from '@lns/contract/api/search';
import { userApi } from '@lns/contract/api/users';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const N = Number(process.env.DEVICES ?? 100_000);
const CHUNK = 10_000;
const RUNS = 200;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-dev-'));
const config = loadConfig({
  ADMIN_PASSWORD: 'meadow-lantern-42',
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: path.join(dataDir, 'none'),
});
const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
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

const admin = await login('admin');
await call(admin, 'POST', userApi.create.path, { name: 'bench', password: 'meadow-lantern-42', admin: 0 });
const token = await login('bench');
const appID = (await call(token, 'POST', applicationApi.create.path, { appName: 'bench' })).data.appID as number;
const tagIds = (
  await call(token, 'POST', deviceTagApi.create.path, {
    tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`),
    groupName: 'bench',
  })
).data.tags.map((t: { tagId: number }) => t.tagId) as number[];

const plans: [string, string][] = [
  ['eu868', 'eu868-default'],
  ['us915', 'us915-2'],
  ['cn470', 'cn470-1'],
  ['as923-1', 'as923-1-default'],
];
const hex = (n: number, d: number) => n.toString(16).padStart(d, '0');
const eui = (i: number) => `70b3d5${hex(i, 10)}`;
const device = (i: number) => {
  const [region, subnet] = plans[i % plans.length]!;
  return {
    devEUI: eui(i),
    devName: `dev-${String(i).padStart(6, '0')}`,
    appEUI: '70b3d57ed0000001',
    appKey: hex(i, 32),
    region,
    subnet,
    class: i % 10 === 0 ? 'C' : 'A',
    tagsId: [tagIds[i % tagIds.length]!],
  };
};

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

console.log(`devices: ${N} on PGlite (${dataDir})`);
console.log(`${'import of 10,000 devices (batch-create, per chunk)'.padEnd(64)} ${JSON.stringify(stats(importMs))} ms`);
const pages = Math.max(1, Math.floor(N / plans.length / tagIds.length / 50));
await measure('list 50, tag + region, createtime desc, random page', (i) =>
  call(token, 'GET', deviceApi.list.path, {
    appID: String(appID),
    tagsId: String(tagIds[i % tagIds.length]),
    regions: plans[i % plans.length]![0],
    orderBy: 'createtime',
    orderType: 'desc',
    pageNo: String(1 + (i % pages)),
    pageSize: '50',
  }),
);
await measure('list 50, tag + region, devName asc, page 1', (i) =>
  call(token, 'GET', deviceApi.list.path, {
    appID: String(appID),
    tagsId: String(tagIds[(i * 7) % tagIds.length]),
    regions: plans[(i * 3) % plans.length]![0],
    orderBy: 'devName',
    orderType: 'asc',
  }),
);
await measure('list 50, no filter, lastSeen desc, page 1', () =>
  call(token, 'GET', deviceApi.list.path, { appID: String(appID), orderBy: 'lastSeen', orderType: 'desc' }),
);
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
fs.rmSync(dataDir, { recursive: true, force: true });
