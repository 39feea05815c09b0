/**
 * Sizing of a scale-out deployment (docs/deployment.md): `npm run cluster -- --instances N` (N
 * server processes on one PostgreSQL, Redis and Mosquitto behind nginx) for each N, 10,000 ABP
 * devices created through nginx, 3 gateways per uplink whose source addresses nginx hashes to
 * different instances (so copies of one uplink meet in Redis), offered at each rate. Prints
 * uplinks processed (sum of the instances' counters), CPU per uplink of all instances and the
 * RSS of each instance.
 *
 * Run: npx tsx bench/cluster.ts     (INSTANCES=1,2,3 RATES=1000,2000,4000 SECONDS=10 DEVICES=10000)
 * Needs nginx with its stream module and the services of docs/deployment.md; DATABASE_URL is the
 * server where a fresh database is created per N (default postgres://postgres@127.0.0.1:5432/test).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceApi } from '@lns/contract/api/devices';
import { gatewayApi } from '@lns/contract/api/gateways';
import pg from 'pg';
import { abpDevice } from '../apps/server/test/devices-fixtures';
import { TestGateway } from '../apps/server/test/gateway';
import { freePort } from '../apps/server/test/server-process';
import { gwIdOf, runLoad } from './lib/dataplane-setup';

const INSTANCES = (process.env.INSTANCES ?? '1,2,3').split(',').map(Number);
const RATES = (process.env.RATES ?? '1000,2000,4000').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 10);
const DEVICES = Number(process.env.DEVICES ?? 10_000);
const GATEWAYS = 3;
const PASSWORD = 'sizing-pass-7';
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = new URL('..', import.meta.url).pathname;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** `npm run cluster` with n instances; resolves once nginx is up, with the instances' pids. */
async function startCluster(n: number, dbUrl: string, dir: string) {
  // Instance ports of their own per N: the previous cluster's may still be closing.
  const port = {
    http: await freePort(),
    udp: await freePort(),
    instanceHttp: 21_000 + n * 20,
    instanceUdp: 21_500 + n * 20,
  };
  const proc = spawn(
    process.execPath,
    [
      'scripts/cluster.mjs',
      ...['--instances', String(n), '--http', String(port.http), '--udp', String(port.udp)],
      ...['--instance-http', String(port.instanceHttp), '--instance-udp', String(port.instanceUdp), '--dir', dir],
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        MQTT_SHARED_GROUP: `sizing-${process.pid}-${n}`,
        CONSOLE_DIR: dir,
        ADMIN_PASSWORD: PASSWORD,
        LOGIN_CAPTCHA: 'false',
        LOG_LEVEL: 'warn',
        GATEWAY_MAX_UPLINKS_PER_S: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const pids: number[] = [];
  const collect = (b: Buffer) => {
    log += b.toString();
    for (const m of b.toString().matchAll(/instance \d+ \(pid (\d+)\)/g)) pids.push(Number(m[1]));
  };
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  for (let i = 0; !log.includes('nginx: console'); i++) {
    if (proc.exitCode !== null || i > 1200) throw new Error(`the cluster did not start:\n${log}`);
    await sleep(100);
  }
  return { proc, pids, port, log: () => log };
}

async function stopCluster(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

/** Sum of a counter's samples on instance i (1-based), read from its /metrics page. */
async function counter(instanceHttp: number, i: number, name: string, label = '') {
  const text = await (await fetch(`http://127.0.0.1:${instanceHttp + i}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(name) && l.includes(label))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

const cpuMs = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
};
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
};

async function sizing(n: number) {
  const dbName = `lns_sizing_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-sizing-'));
  const c = await startCluster(n, u.toString(), dir);
  try {
    const http = `http://127.0.0.1:${c.port.http}`;
    let token = '';
    const call = async (p: string, body: unknown) => {
      const res = await fetch(http + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!text.startsWith('{')) throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 200)}`);
      const json = JSON.parse(text) as { code: number; data?: any; token?: string };
      if (json.code !== 0) throw new Error(`${p}: ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    token = (await call(authApi.login.path, { name: 'admin', password: PASSWORD })).token!;
    const appID = (await call(applicationApi.create.path, { appName: 'sizing' })).data.appID;
    for (let i = 0; i < DEVICES; i += 10_000) {
      const devices = Array.from({ length: Math.min(10_000, DEVICES - i) }, (_, k) => abpDevice(i + k + 1));
      await call(deviceApi.batchCreate.path, { appID, authType: 'abp', devices });
    }
    // Gateway g at an address nginx hashes to instance (g mod n) + 1.
    const addresses: string[] = [];
    for (let g = 0; g < GATEWAYS; g++) {
      await call(gatewayApi.create.path, {
        ...{ gwID: gwIdOf(g), gwName: `sizing-${g}`, region: 'eu868', subnet: 'eu868-default' },
        ...{ gwType: 'generic', txPower: 0 },
      });
      const want = (g % n) + 1;
      for (let host = 1; addresses.length === g; host++) {
        if (host > 250) throw new Error(`no address hashed to instance ${want}`);
        const address = `127.0.${10 + g}.${host}`;
        const gw = await new TestGateway(gwIdOf(g), c.port.udp).open(address);
        const before = await counter(c.port.instanceHttp, want, 'lns_udp_datagrams_total');
        gw.pull();
        await gw.waitFor((d) => d.kind === 'PULL_ACK', 5000);
        if ((await counter(c.port.instanceHttp, want, 'lns_udp_datagrams_total')) > before) addresses.push(address);
        gw.close();
      }
    }
    await sleep(2000);
    const idleRss = c.pids.map(rssMb);
    const rows: string[] = [];
    let fCntBase = 1;
    for (const rate of RATES) {
      const okOf = async () => {
        let sum = 0;
        for (let i = 1; i <= n; i++) sum += await counter(c.port.instanceHttp, i, 'lns_uplinks_total', 'result="ok"');
        return sum;
      };
      const okBefore = await okOf();
      const cpuBefore = c.pids.map(cpuMs);
      const res = await runLoad({
        port: c.port.udp,
        gateways: GATEWAYS,
        devices: DEVICES,
        rate,
        seconds: SECONDS,
        confirmed: false,
        fCntBase,
        addresses,
      });
      // Settle: the counters stop moving.
      let ok = await okOf();
      for (let last = -1; ok !== last; ) {
        last = ok;
        await sleep(1000);
        ok = await okOf();
      }
      const processed = ok - okBefore;
      const cpu = c.pids.map((p, i) => cpuMs(p) - cpuBefore[i]!).reduce((a, b) => a + b, 0);
      rows.push(
        `${n} | ${rate} | ${processed} of ${res.sent} | ${(processed / res.sendSeconds).toFixed(0)} | ` +
          `${(cpu / Math.max(1, processed)).toFixed(2)} | ${c.pids.map(rssMb).join(' / ')}`,
      );
      console.log(rows.at(-1));
      fCntBase += Math.ceil(res.sent / DEVICES) + 1;
    }
    console.log(`(idle RSS MB per instance after the devices were created: ${idleRss.join(' / ')})`);
    return rows;
  } finally {
    await stopCluster(c.proc);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${DEVICES} devices, ${GATEWAYS} gateways/uplink, ${SECONDS} s per rate`,
);
console.log(
  'instances | offered/s | processed | processed/s | CPU ms per uplink (all instances) | RSS MB per instance',
);
for (const n of INSTANCES) await sizing(n);
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
