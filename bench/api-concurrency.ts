/**
 * The API under concurrency: the real server (src/main.ts) in its own process, 10,000 devices
 * of one user's application (20 tags, 4 regions) seeded through the API, 200 live WebSockets
 * open on the application stream, then autocannon with 100 connections for DURATION seconds on
 * (a) the device list filtered by tag + region, 50 rows sorted by name, and (b) a mix of that
 * list, device detail, application detail and user info. Prints req/s, latency percentiles, CPU
 * per call (the server, its main thread, PostgreSQL's processes when it is the engine, the load
 * generator, the machine), errors and the server's RSS. Budgets: ≥ 1,500 req/s, p99 ≤ 100 ms on PostgreSQL; ≥ 500 req/s,
 * p99 ≤ 250 ms on PGlite.
 *
 * Run: flock /tmp/bench.lock npx tsx bench/api-concurrency.ts
 *   DATABASE_URL=postgres://…/test runs it on a fresh PostgreSQL database (dropped afterwards);
 *   PROFILE=dir writes the server's CPU profile of the load phase there (node --cpu-prof);
 *   DURATION=15 CONNECTIONS=100 SOCKETS=200 DEVICES=10000.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { userApi } from '@lns/contract/api/users';
import { STREAMS } from '@lns/contract/streams';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { eui, PLANS, seedDevice } from './lib/seed-devices';
import { postgresCpuMs, startServer } from './lib/server-process';

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const SOCKETS = Number(process.env.SOCKETS ?? 200);
const PASSWORD = 'meadow-lantern-42';
const TAGS = 20;
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, '');

/** CPU the whole machine has used so far, ms (/proc/stat's busy columns; 100 ticks/s): with the server's, it shows what the database and the load generator took. */
const hostCpuMs = () => {
  const [, user, nice, system, , , irq, softirq, steal] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
};

const server = await startServer({ password: PASSWORD });
console.log(`engine ${server.engine}, ${DEVICES} devices; load average ${load()}`);

// Seeding: a common user (not admin, so ownership is checked) and its application.
let token = await server.login('admin');
await server.call(token, 'POST', userApi.create.path, { name: 'bench', password: PASSWORD, admin: 0 });
token = await server.login('bench');
const appID = (await server.call(token, 'POST', applicationApi.create.path, { appName: 'bench' })).data.appID as number;
const tagIds = (
  await server.call(token, 'POST', deviceTagApi.create.path, {
    tags: Array.from({ length: TAGS }, (_, i) => `tag-${i}`),
    groupName: 'bench',
  })
).data.tags.map((t: { tagId: number }) => t.tagId) as number[];
const device = (i: number) => seedDevice(i, tagIds);
const t0 = performance.now();
for (let start = 0; start < DEVICES; start += 10_000) {
  const devices = Array.from({ length: Math.min(10_000, DEVICES - start) }, (_, k) => device(start + k));
  await server.call(token, 'POST', deviceApi.batchCreate.path, { appID, authType: 'otaa', devices });
}
console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A fresh server process on the same store: the profile (PROFILE) covers only what follows.
await server.restart(process.env.PROFILE);
token = await server.login('bench');

const sockets: WebSocket[] = [];
await Promise.all(
  Array.from(
    { length: SOCKETS },
    () =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${server.wsBase}${STREAMS.application}?appID=${appID}`, [token]);
        sockets.push(ws);
        ws.on('error', reject);
        ws.on('message', (d) => {
          const text = d.toString();
          if (text !== 'pong' && JSON.parse(text).kind === 'ready') resolve();
        });
      }),
  ),
);
const pinger = setInterval(() => {
  for (const ws of sockets) ws.send('ping');
}, 20_000);
console.log(`${sockets.length} WebSockets open on ${STREAMS.application}`);

// Each request rotates through the tags, each with the region its devices are in (seedDevice
// gives tag i % 20 and plan i % 4, so a tag's 500 devices share one region): 50 rows, page 1 of 10.
let n = 0;
const listPath = () => {
  const i = n++;
  const q = new URLSearchParams({
    appID: String(appID),
    tagsId: String(tagIds[i % TAGS]),
    regions: PLANS[(i % TAGS) % PLANS.length]![0],
    orderBy: 'devName',
    orderType: 'asc',
    pageNo: '1',
    pageSize: '50',
  });
  return `${deviceApi.list.path}?${q}`;
};
const headers = { 'x-access-token': token };
const list = { method: 'GET', setupRequest: (r: object) => ({ ...r, path: listPath() }) };
const detail = {
  method: 'GET',
  setupRequest: (r: object) => ({ ...r, path: `${deviceApi.status.path}?devEUI=${eui(n++ % DEVICES)}` }),
};
const appInfo = { method: 'GET', path: `${applicationApi.info.path}?appID=${appID}` };
const userInfo = { method: 'GET', path: authApi.info.path };

// Every kind of call answers code 0 before it is measured.
for (const path of [listPath(), `${deviceApi.status.path}?devEUI=${eui(1)}`, appInfo.path, userInfo.path]) {
  const body = (await (await fetch(server.httpBase + path, { headers })).json()) as { code: number };
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 300)}`);
}

async function run(label: string, requests: object[], seconds: number) {
  const before = load();
  const cpu = server.cpuMs();
  const mainCpu = server.mainThreadCpuMs();
  const hostCpu = hostCpuMs();
  const dbCpu = postgresCpuMs();
  const ownCpu = process.cpuUsage();
  const r = await autocannon({ url: server.httpBase, connections: CONNECTIONS, duration: seconds, headers, requests });
  const rss = server.rssMb();
  // The server's own CPU per answered request: steadier than req/s on a VM whose CPU is shared.
  const perRequest = (server.cpuMs() - cpu) / Math.max(1, r.requests.total);
  const mainPerRequest = (server.mainThreadCpuMs() - mainCpu) / Math.max(1, r.requests.total);
  const hostPerRequest = (hostCpuMs() - hostCpu) / Math.max(1, r.requests.total);
  // PostgreSQL's processes only when the server uses them (PGlite runs inside the server).
  const db =
    server.engine === 'PostgreSQL'
      ? `PostgreSQL ${((postgresCpuMs() - dbCpu) / Math.max(1, r.requests.total)).toFixed(2)}; `
      : '';
  const own = process.cpuUsage(ownCpu);
  const ownPerRequest = (own.user + own.system) / 1000 / Math.max(1, r.requests.total);
  console.log(
    `${label.padEnd(34)} ${Math.round(r.requests.average)} req/s  latency p50 ${r.latency.p50} p97.5 ${r.latency.p97_5} p99 ${r.latency.p99} max ${r.latency.max} ms  errors ${r.errors} timeouts ${r.timeouts} non-2xx ${r.non2xx}  server CPU ${perRequest.toFixed(2)} ms/request (main thread ${mainPerRequest.toFixed(2)}; ${db}load generator ${ownPerRequest.toFixed(2)}; machine ${hostPerRequest.toFixed(2)})  RSS ${rss.now} MB (peak ${rss.peak})  load ${before} → ${load()}`,
  );
}

await run('warm-up (mix, 3 s)', [list, detail, appInfo, userInfo], 3);
await run('device list, tag + region, 50 rows', [list], DURATION);
await run('mix: list, device, app, user info', [list, detail, appInfo, userInfo], DURATION);

clearInterval(pinger);
const closed = sockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length;
console.log(`WebSockets closed during the runs: ${closed}`);
for (const ws of sockets) ws.terminate();
await server.stop();
process.exit(0);
