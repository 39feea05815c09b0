/**
 * Gateway list filtered by region and tag over 20,000 gateways on embedded PGlite:
 * app.inject of GET /api/gateway/list (regions + tagsId, page 1 of 50), p50/p95 server time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi } from '@lns/contract/api/auth';
import { gatewayApi } from '@lns/contract/api/gateways';
import { regionApi } from '@lns/contract/api/regions';
import { userApi } from '@lns/contract/api/users';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/core';
import { gatewayTags, gatewayTypes } from '../apps/server/src/db/schema/gateways';
import { type GatewayValues, insertGateways } from '../apps/server/src/gateways/repository';

const N = 20_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-'));
const config = loadConfig({
  ADMIN_PASSWORD: 'meadow-lantern-42',
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: path.join(dataDir, 'none'),
});
const database = await openDatabase({});
const { app } = await buildApp(config, database);
await app.ready();
const db = database.db;

const login = async (name: string, password: string) =>
  (await app.inject({ method: 'POST', url: authApi.login.path, payload: { name, password } })).json().token as string;
const adminToken = await login('admin', 'meadow-lantern-42');
await app.inject({
  method: 'POST',
  url: userApi.create.path,
  headers: { 'x-access-token': adminToken },
  payload: { name: 'bench', password: 'meadow-lantern-42', admin: 0 },
});
const userId = (await db.select().from(users)).find((u) => u.name === 'bench')!.id;
const token = await login('bench', 'meadow-lantern-42');

// 20,000 gateways of one common user over 10 regions and the seeded types; 20 tags, each on ~1/10 of them.
const types = await db.select().from(gatewayTypes);
const plans: [string, string][] = [
  ['eu868', 'eu868-default'],
  ['us915', 'us915-2'],
  ['au915', 'au915-2'],
  ['cn470', 'cn470-1'],
  ['as923-1', 'as923-1-default'],
  ['kr920', 'kr920-default'],
  ['in865', 'in865-default'],
  ['ru864', 'ru864-default'],
  ['us915', 'us915-1'],
  ['eu868', 'eu868-default'],
];
const tagIds = (
  await db
    .insert(gatewayTags)
    .values(
      Array.from({ length: 20 }, (_, i) => ({ ownerId: userId, name: `tag-${i}`, groupName: 'bench', createdAt: 1 })),
    )
    .returning({ id: gatewayTags.id })
).map((r) => r.id);
const generic = types.find((t) => t.name === 'generic')!;
const now = Date.now();
const rows: GatewayValues[] = Array.from({ length: N }, (_, i) => {
  const [region, subnet] = plans[i % plans.length]!;
  return {
    gwId: i.toString(16).padStart(16, '0'),
    ownerId: userId,
    name: `gw-${i}`,
    gwTypeId: generic.id,
    region,
    subnet,
    pushUrls: [],
    headers: {},
    txPower: 0,
    enableClassB: false,
    enableClassC: false,
    enableBridgeLog: false,
    enablePfw: false,
    mqttKeepAlive: 10,
    statInterval: 300,
    extendedAttr: null,
    remarks: '',
    ntpServer: '',
    online: i % 3 === 0,
    tagIds: [tagIds[i % 20]!, tagIds[(i * 7 + 3) % 20]!],
    createdAt: now - i * 1000,
    updatedAt: now,
  };
});
const t0 = Date.now();
await insertGateways(db, rows);
await database.exec('ANALYZE');
console.log(`seeded ${N} gateways with 2 of 20 tags each in ${Date.now() - t0} ms`);

const regionsList = ['eu868', 'us915', 'cn470', 'kr920'];
const runs = 400;
const times: number[] = [];
const cpu: number[] = [];
let amount = 0;
for (let i = 0; i < runs + 50; i++) {
  const region = regionsList[i % regionsList.length]!;
  const tag = tagIds[i % tagIds.length]!;
  const t = process.hrtime.bigint();
  const c = process.cpuUsage();
  const res = await app.inject({
    method: 'GET',
    url: `${gatewayApi.list.path}?pageNo=1&pageSize=50&regions=${region}&tagsId=${tag}&orderBy=createtime&orderType=desc`,
    headers: { 'x-access-token': token },
  });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const used = process.cpuUsage(c);
  const body = res.json();
  if (body.code !== 0) throw new Error(`list failed: ${res.body}`);
  amount = Math.max(amount, body.amount);
  if (i >= 50) {
    // first 50 warm up
    times.push(ms);
    cpu.push((used.user + used.system) / 1000);
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2);
};
console.log(
  `gateway list (20,000 gateways, filtered by region + tag, page of 50, up to ${amount} matches, ${runs} requests, app.inject on PGlite):`,
);
console.log(`  wall time  p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms`);
// PGlite runs in this process, so CPU time is the server's own work even when other processes load the machine.
console.log(
  `  CPU time   p50 ${pct(cpu, 50)} ms, p95 ${pct(cpu, 95)} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
);
// Baseline: the same token check and envelope on a one-query route.
const base: number[] = [];
for (let i = 0; i < 200; i++) {
  const c = process.cpuUsage();
  await app.inject({ method: 'GET', url: regionApi.colors.path, headers: { 'x-access-token': token } });
  const used = process.cpuUsage(c);
  if (i >= 50) base.push((used.user + used.system) / 1000);
}
console.log(`  baseline   GET /api/band/color CPU p50 ${pct(base, 50)} ms, p95 ${pct(base, 95)} ms`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
