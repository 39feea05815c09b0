// `npm run faults`: the server under simulated load while PostgreSQL, Redis and the MQTT broker are
// restarted and the server itself is killed with SIGKILL and started again. Prints how long each
// took to recover and checks that every accepted uplink is in the history. Needs root (it runs
// `service … restart`) and the local services; not part of `npm test` because restarting the
// shared PostgreSQL would disturb tests running beside it. Results: docs/reliability.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MQTT = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PASSWORD = `Faults-${randomBytes(4).toString('hex')}`;
const LOAD_S = Number(process.env.FAULT_LOAD_S ?? 8);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function sql(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const dbName = `lns_faults_${randomBytes(4).toString('hex')}`;
await sql(PG, `CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(PG), { pathname: `/${dbName}` }).toString();
const [httpPort, udpPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${httpPort}`;

let server;
function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', `${root}apps/server/src/main.ts`], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(httpPort),
      UDP_PORT: String(udpPort),
      DATABASE_URL: dbUrl,
      REDIS_URL: REDIS,
      MQTT_URL: MQTT,
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_CAPTCHA: 'false',
      LOG_LEVEL: 'fatal',
      CONSOLE_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server.alive = true;
  server.once('exit', () => (server.alive = false));
}

/** Milliseconds until a signed-in request that reads the database answers again. */
async function recovery(from) {
  for (;;) {
    try {
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'admin', password: PASSWORD }),
      }).then((r) => r.json());
      if (login.code === 0) {
        const list = await fetch(`${base}/api/application/list?pageNo=1&pageSize=50`, {
          headers: { 'x-access-token': login.token },
        }).then((r) => r.json());
        if (list.code === 0) return Date.now() - from;
      }
    } catch {
      // not answering yet
    }
    if (Date.now() - from > 120_000) throw new Error('no recovery within 120 s');
    await sleep(100);
  }
}

const service = (name) => () => {
  const r = spawnSync('service', [name, 'restart'], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`service ${name} restart failed`);
};

startServer();
await recovery(Date.now());
const simArgs = ['--gateways', '2', '--devices', '40', '--interval', '1', '--confirmed', '0.2', '--quiet'];
const sim = spawn(
  'npx',
  ['tsx', 'tools/simulator/src/cli.ts', ...simArgs, '--url', base, '--udp', `127.0.0.1:${udpPort}`],
  {
    cwd: root,
    env: { ...process.env, LNS_PASSWORD: PASSWORD },
    stdio: 'ignore',
  },
);

const faults = [
  ['PostgreSQL restarted', service('postgresql')],
  ['Redis restarted', service('redis-server')],
  ['MQTT broker restarted', service('mosquitto')],
  [
    'server killed (SIGKILL) and started again',
    async () => {
      server.kill('SIGKILL');
      await new Promise((r) => (server.alive ? server.once('exit', r) : r()));
      startServer();
    },
  ],
];

const results = [];
for (const [name, inject] of faults) {
  await sleep(LOAD_S * 1000);
  const at = Date.now();
  await inject();
  const ms = await recovery(at);
  results.push({ fault: name, recoveredMs: ms, serverKeptRunning: name.startsWith('server') || server.alive });
}
await sleep(LOAD_S * 1000);
sim.kill('SIGINT');
await sleep(2000);
server.kill('SIGTERM');
await new Promise((r) => (server.alive ? server.once('exit', r) : r()));

// Every device's last accepted FCnt (f_cnt_up is the next one expected) must be in the history.
const lost = await sql(
  dbUrl,
  `SELECT d.dev_eui, d.f_cnt_up - 1 AS f_cnt FROM devices d WHERE d.f_cnt_up > 0 AND NOT EXISTS (
     SELECT 1 FROM device_frames f WHERE f.dev_eui = d.dev_eui AND f.uplink AND f.f_cnt = d.f_cnt_up - 1)`,
);
const [{ n: accepted }] = await sql(dbUrl, 'SELECT count(*)::int AS n FROM device_frames WHERE uplink');
await sql(PG, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);

console.table(results);
console.log(`uplinks in history: ${accepted}; devices whose last accepted uplink is missing: ${lost.length}`);
const ok = lost.length === 0 && results.every((r) => r.serverKeptRunning) && accepted > 0;
console.log(ok ? 'fault injection: passed' : 'fault injection: FAILED');
process.exit(ok ? 0 : 1);
