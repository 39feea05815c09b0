// `npm run cluster -- --instances 3`: several server instances on one PostgreSQL, Redis and MQTT
// broker, behind nginx (HTTP and WebSocket on one port, Semtech UDP hashed by the gateway's
// address on another). docs/deployment.md explains the layout; Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureConsoleBuilt } from './console-build.mjs';
import { ensureServerBuilt } from './server-build.mjs';
import { inServerEnv } from './server-env.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: opt } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    http: { type: 'string', default: '8080' },
    udp: { type: 'string', default: '1700' },
    /** Instance i listens on instanceHttp + i and instanceUdp + i (i from 1). */
    'instance-http': { type: 'string', default: '18080' },
    'instance-udp': { type: 'string', default: '17000' },
    dir: { type: 'string', default: 'data/cluster' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(`npm run cluster -- [--instances 2] [--http 8080] [--udp 1700] [--instance-http 18080]
  [--instance-udp 17000] [--dir data/cluster]
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lns, created if missing),
REDIS_URL (default redis://127.0.0.1:6379), MQTT_URL (default mqtt://127.0.0.1:1883), and any
other server setting, passed to every instance.`);
  process.exit(0);
}
const count = Number(opt.instances);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('error: --instances must be 1 to 16');
  process.exit(2);
}
const num = (name) => {
  const n = Number(opt[name]);
  if (!Number.isInteger(n) || n < 1 || n > 65535 - count) {
    console.error(`error: --${name} must be a port number`);
    process.exit(2);
  }
  return n;
};
const ports = {
  http: num('http'),
  udp: num('udp'),
  instanceHttp: num('instance-http'),
  instanceUdp: num('instance-udp'),
};
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), opt.dir);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lns';
const shared = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
  // One data directory: the initial admin password and the file store are the instances' common files.
  DATA_DIR: dir,
  // Behind nginx the client's address is in X-Forwarded-For (sign-in throttling, audit).
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${ports.http}`,
};

/** Creates the cluster's database when the server has none yet (the instances migrate it). */
async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** nginx: one HTTP upstream (WebSocket upgrade passed on), one UDP upstream hashed by source address. */
export function nginxConfig({ prefix, n, http, udp, instanceHttp, instanceUdp, user = os.userInfo().username }) {
  const list = (base) =>
    Array.from({ length: n }, (_, i) => `    server 127.0.0.1:${base + i + 1} max_fails=1 fail_timeout=5s;`).join('\n');
  return `# Written by scripts/cluster.mjs; docs/deployment.md explains each part.
load_module /usr/lib/nginx/modules/ngx_stream_module.so;
# Started by root, nginx's workers would run as nobody and could not write a large request body
# (an import, a firmware file) to the temp directory below, which belongs to this user.
user ${user};
daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/nginx-error.log warn;
events { worker_connections 4096; }

http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream lns_http {
    zone lns_http 64k;
${list(instanceHttp)}
    keepalive 64;
  }
  server {
    listen ${http};
    # Uploads are bounded by the server per route; nginx lets the largest through.
    client_max_body_size 1100m;
    location / {
      proxy_pass http://lns_http;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # Live streams and the web shell stay open for hours; their pings keep them busy.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}

stream {
  upstream lns_udp {
    # A gateway's PUSH_DATA and PULL_DATA come from its address: one instance takes both.
    hash $remote_addr consistent;
    # Shared by the workers: one failed datagram marks a dead instance for all of them.
    zone lns_udp 64k;
${list(instanceUdp)}
  }
  server {
    listen ${udp} udp;
    proxy_pass lns_udp;
    # The gateway's session carries every answer back (PUSH_ACK, PULL_ACK, PULL_RESP at any time):
    # no response count; PULL_DATA every few seconds keeps it open.
    proxy_timeout 3m;
  }
}
`;
}

/** Until the instance answers its health check; exits if it ended first. */
async function ready(url, child) {
  for (;;) {
    if (child.exitCode !== null) {
      console.error(`error: ${child.spawnfile} exited during start (${url})`);
      process.exit(1);
    }
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  if (spawnSync('nginx', ['-v']).error) {
    console.error('error: nginx is not installed (Debian: apt-get install nginx libnginx-mod-stream)');
    process.exit(1);
  }
  ensureConsoleBuilt();
  const bundle = await ensureServerBuilt();
  await ensureDatabase(databaseUrl);
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ prefix: dir, n: count, ...ports }));

  const children = [];
  const stop = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 1; i <= count; i++) {
    const env = {
      ...process.env,
      ...shared,
      PORT: String(ports.instanceHttp + i),
      UDP_PORT: String(ports.instanceUdp + i),
      HOST: '127.0.0.1',
    };
    // Through scripts/server-env.sh, as `npm start` (README, configuration).
    const child = spawn(...inServerEnv(process.execPath, [bundle]), {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => console.log(`instance ${i} exited (${signal ?? code})`));
    children.push(child);
    console.log(`instance ${i} (pid ${child.pid}): http 127.0.0.1:${env.PORT}, udp 127.0.0.1:${env.UDP_PORT}`);
  }
  // nginx starts once every instance answers, so the first requests do not meet a 502.
  await Promise.all(
    children.map((_, i) => ready(`http://127.0.0.1:${ports.instanceHttp + i + 1}/healthz`, children[i])),
  );
  const nginx = spawn('nginx', ['-c', conf, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  nginx.on('exit', (code) => {
    console.log(`nginx exited (${code})`);
    stop();
  });
  children.push(nginx);
  // Announce it once nginx answers, so whoever waits for this line can use it at once.
  await ready(`http://127.0.0.1:${ports.http}/healthz`, nginx);
  console.log(`nginx: console and API on http://127.0.0.1:${ports.http}, Semtech UDP on ${ports.udp}`);
  await Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
