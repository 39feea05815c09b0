/**
 * Multicast on embedded PGlite:
 * 1. Route chart of a group of 500 devices heard by 20 gateways (3,000 uplinks of the group,
 *    60,000 receptions, among 15,000 uplinks of other devices): GET /api/mcgateway/route p50/p95,
 *    and building the chart's ECharts option from it (the force layout runs in the browser).
 * 2. One multicast downlink through 1,000 member gateways connected over real UDP: the API call,
 *    and the time until the last gateway has its PULL_RESP.
 */
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi } from '@lns/contract/api/auth';
import { mcDownlinkApi, mcGatewayApi, mcGroupApi } from '@lns/contract/api/multicast';
import { buildPullData, parseDatagram } from '@lns/semtech-udp/packets';
import { routeGraph } from '../apps/console/src/features/multicast/components/routeGraph';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/core';
import { deviceFrames } from '../apps/server/src/db/schema/dataplane';
import { applications, devices } from '../apps/server/src/db/schema/devices';
import { gateways, gatewayTypes } from '../apps/server/src/db/schema/gateways';
import { mcDevices, mcGateways } from '../apps/server/src/db/schema/multicast';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-'));
const config = loadConfig({
  ADMIN_PASSWORD: 'meadow-lantern-42',
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: path.join(dataDir, 'none'),
});
const database = await openDatabase({});
const { app, services } = await buildApp(config, database);
await app.ready();
const db = database.db;
const token = (
  await app.inject({
    method: 'POST',
    url: authApi.login.path,
    payload: { name: 'admin', password: 'meadow-lantern-42' },
  })
).json().token as string;
const call = async (method: 'GET' | 'POST', url: string, data: Record<string, unknown>) => {
  const res = await app.inject({
    method,
    url: method === 'GET' ? `${url}?${new URLSearchParams(data as Record<string, string>)}` : url,
    headers: { 'x-access-token': token },
    ...(method === 'POST' ? { payload: data } : {}),
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`${url}: ${res.body}`);
  return body;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2);
};
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

// Seed: one owner (admin), one application, 5,500 devices, 1,020 gateways.
const adminId = (await db.select().from(users))[0]!.id;
const generic = (await db.select().from(gatewayTypes)).find((t) => t.name === 'generic')!;
const [app1] = await db
  .insert(applications)
  .values({ ownerId: adminId, name: 'bench', mqName: 'bench', mqPassword: 'x', createdAt: 1, updatedAt: 1 })
  .returning();
const now = Date.now();
const devEui = (i: number) => `70b3${hex(i, 12)}`;
const gwId = (i: number) => `b0b0${hex(i, 12)}`;
const DEVICES = 5_500;
for (let i = 0; i < DEVICES; i += 500) {
  await db.insert(devices).values(
    Array.from({ length: Math.min(500, DEVICES - i) }, (_, k) => ({
      devEui: devEui(i + k),
      appId: app1!.id,
      ownerId: adminId,
      name: `dev-${i + k}`,
      authType: 'otaa' as const,
      appEui: '0000000000000000',
      appKey: '00'.repeat(16),
      region: 'eu868',
      autoSubnet: true,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
const GATEWAYS = 1_020;
for (let i = 0; i < GATEWAYS; i += 500) {
  await db.insert(gateways).values(
    Array.from({ length: Math.min(500, GATEWAYS - i) }, (_, k) => ({
      gwId: gwId(i + k),
      ownerId: adminId,
      name: `gw-${i + k}`,
      gwTypeId: generic.id,
      region: 'eu868',
      subnet: 'eu868-default',
      createdAt: now,
      updatedAt: now,
    })),
  );
}
// Uplinks in the last day, each heard by gateways 0..19: devices 0..499 (the group) 6 frames each;
// devices 500..5499 3 frames each (the rest of the network).
const rows: (typeof deviceFrames.$inferInsert)[] = [];
const flush = async () => {
  for (let i = 0; i < rows.length; i += 500) await db.insert(deviceFrames).values(rows.slice(i, i + 500));
  rows.length = 0;
};
for (let d = 0; d < DEVICES; d++) {
  const frames = d < 500 ? 6 : 3;
  for (let f = 0; f < frames; f++)
    rows.push({
      msgId: `${d}-${f}`,
      devEui: devEui(d),
      createdAt: now - f * 600_000,
      msgType: 2,
      uplink: true,
      phy: '',
      rxInfo: Array.from({ length: 20 }, (_, g) => ({
        gwID: gwId(g),
        rssi: -90,
        snr: ((d + g + f) % 20) - 10,
        tmst: 0,
        freq: 868_100_000,
      })),
    });
  if (rows.length > 2_000) await flush();
}
await flush();
await database.exec('ANALYZE');

const mcEUI = 'aa00000000000001';
await call('POST', mcGroupApi.create.path, {
  mcName: 'bench',
  mcEUI,
  region: 'eu868',
  genAppKey: '11'.repeat(16),
  mcAddr: '01000001',
  mcAppSKey: '22'.repeat(16),
  mcNwkSKey: '33'.repeat(16),
});
await db.insert(mcDevices).values(
  Array.from({ length: 500 }, (_, d) => ({
    devEui: devEui(d),
    mcEui: mcEUI,
    syncState: 'manual',
    createdAt: now,
    updatedAt: now,
  })),
);
await db
  .insert(mcGateways)
  .values(Array.from({ length: 20 }, (_, g) => ({ gwId: gwId(g), mcEui: mcEUI, createdAt: now })));

const times: number[] = [];
const layout: number[] = [];
let links = 0;
for (let i = 0; i < 60; i++) {
  const t = performance.now();
  const body = await call('GET', mcGatewayApi.route.path, { mcEUI });
  const ms = performance.now() - t;
  const l = performance.now();
  routeGraph(body.data, { gateway: 'Gateway', member: 'Member gateway', device: 'Device' });
  if (i >= 10) {
    times.push(ms);
    layout.push(performance.now() - l);
  }
  links = body.data.devices.reduce((n: number, d: { gateways: unknown[] }) => n + d.gateways.length, 0);
}
console.log(
  `route chart (500 devices × 20 gateways, ${links} links, 18,000 uplinks of 20 receptions, app.inject on PGlite):`,
);
console.log(`  GET /api/mcgateway/route  p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms`);
console.log(`  chart option (routeGraph)  p50 ${pct(layout, 50)} ms, p95 ${pct(layout, 95)} ms`);

// 1,000 member gateways pulling over real UDP.
const port = await services.dataPlane.start(0, '127.0.0.1');
const FANOUT = 1_000;
const group2 = 'aa00000000000002';
await call('POST', mcGroupApi.create.path, {
  mcName: 'fan-out',
  mcEUI: group2,
  region: 'eu868',
  genAppKey: '11'.repeat(16),
  mcAddr: '01000002',
  mcAppSKey: '44'.repeat(16),
  mcNwkSKey: '55'.repeat(16),
});
const ids = Array.from({ length: FANOUT }, (_, i) => gwId(20 + i));
for (let i = 0; i < FANOUT; i += 500)
  await call('POST', mcGatewayApi.create.path, { mcEUI: group2, gwIDs: ids.slice(i, i + 500) });
let got = 0;
let lastAt = 0;
const sockets = await Promise.all(
  ids.map(
    (id) =>
      new Promise<dgram.Socket>((resolve) => {
        const s = dgram.createSocket('udp4');
        s.on('message', (msg) => {
          const d = parseDatagram(msg);
          if (d.kind === 'PULL_RESP') {
            got++;
            lastAt = performance.now();
          }
        });
        s.bind(0, '127.0.0.1', () => {
          s.send(buildPullData(2, 1, id), port, '127.0.0.1');
          resolve(s);
        });
      }),
  ),
);
while (services.dataPlane.gateways.pull.size < FANOUT) await new Promise((r) => setTimeout(r, 20));
const sendTimes: number[] = [];
const allTimes: number[] = [];
for (let i = 0; i < 8; i++) {
  got = 0;
  const t = performance.now();
  await call('POST', mcDownlinkApi.create.path, { mcEUI: group2, fPort: 10, data: 'cafe' });
  sendTimes.push(performance.now() - t);
  while (got < FANOUT) await new Promise((r) => setTimeout(r, 2));
  allTimes.push(lastAt - t);
}
console.log(`multicast downlink through ${FANOUT} member gateways (real UDP on loopback, 8 downlinks):`);
console.log(`  POST /api/mcdownlink/create  p50 ${pct(sendTimes, 50)} ms, max ${pct(sendTimes, 100)} ms`);
console.log(`  until the last PULL_RESP      p50 ${pct(allTimes, 50)} ms, max ${pct(allTimes, 100)} ms`);
console.log(`  (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`);
for (const s of sockets) s.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
