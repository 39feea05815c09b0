/**
 * Start time and memory of `npm start` as a user runs it (embedded PGlite, broker and UDP bridge,
 * fresh DATA_DIR each time), each server in its own process so its RSS is its own:
 *   start  spawn → GET /api/version answers, on an empty DATA_DIR and again on the same one
 *          (restart), RUNS times (median); a run that had to build the
 *          console is reported apart as the first start (the build time, from `vite build` into
 *          a temp dir, is also printed); an empty DATA_DIR is a copy of the install's template
 *          once one exists (db/pglite-template.ts: remove node_modules/.cache/lns-server to
 *          time PGlite's initdb instead);
 *   idle   VmRSS of the node process running scripts/start.mjs (not the npm wrapper) right after
 *          ready and after IDLE_S seconds idle, on an empty DATA_DIR and on a restart;
 *   load   VmRSS with DEVICES devices (batch-create in chunks of 10,000) and RATE uplinks/s from
 *          3 gateways (bench/lib/dataplane-load.ts in a child process) for LOAD_S seconds.
 *
 * Run: flock /tmp/bench.lock npx tsx bench/startup-memory.ts
 *      PHASES=start,idle,load,build RUNS=5 IDLE_S=30 DEVICES=100000 RATE=1000 LOAD_S=30 to change it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceApi } from '@lns/contract/api/devices';
import { gatewayApi } from '@lns/contract/api/gateways';
import { abpDevice } from '../apps/server/test/devices-fixtures';
import { freePort } from '../apps/server/test/server-process';
import { gwIdOf, runLoad } from './lib/dataplane-setup';

// BENCH_ROOT: another checkout to run `npm start` in (a before figure from a worktree).
const root = process.env.BENCH_ROOT ?? new URL('..', import.meta.url).pathname;
const PHASES = (process.env.PHASES ?? 'build,start,idle,load').split(',');
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_S = Number(process.env.IDLE_S ?? 30);
const DEVICES = Number(process.env.DEVICES ?? 100_000);
const RATE = Number(process.env.RATE ?? 1000);
const LOAD_S = Number(process.env.LOAD_S ?? 30);
const GATEWAYS = 3;
const PASSWORD = 'meadow-lantern-42';

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** VmRSS (kB) of a process, 0 once it is gone. */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The node process under `pid` (npm → sh → node) that runs scripts/start.mjs. */
function serverPid(pid: number): number | undefined {
  const kids = (p: number) =>
    fs
      .readdirSync(`/proc/${p}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (path.basename(cmd[0] ?? '') === 'node' && cmd.some((a) => a.endsWith('scripts/start.mjs'))) return p;
      queue.push(...kids(p));
    } catch {
      // exited meanwhile
    }
  }
  return undefined;
}

interface Started {
  ms: number;
  built: boolean;
  pid: number;
  base: string;
  udpPort: number;
  dataDir: string;
  /** Stops the server; its DATA_DIR is removed unless kept for a restart. */
  stop(keep?: boolean): Promise<void>;
}

/** `npm start` in a fresh DATA_DIR on free ports; resolves once the HTTP API answers. */
async function npmStart(extra: Record<string, string> = {}, reuse?: string): Promise<Started> {
  const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-start-'));
  const port = await freePort();
  const udpPort = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    UDP_PORT: String(udpPort),
    MQTT_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...extra,
  };
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // Its own process group, so npm, sh and node are stopped together.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exited = false;
  const gone = new Promise<void>((r) =>
    child.once('exit', () => {
      exited = true;
      r();
    }),
  );
  for (;;) {
    if (exited) throw new Error(`npm start exited:\n${out}`);
    const ok = await fetch(`${base}/api/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(10);
  }
  const ms = performance.now() - t0;
  const pid = serverPid(child.pid!);
  if (!pid) throw new Error('no node process runs scripts/start.mjs under npm');
  return {
    ms,
    built: /building the console|rebuilding/.test(out),
    pid,
    base,
    udpPort,
    dataDir,
    async stop(keep = false) {
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

console.log(
  `${new Date().toISOString()}  load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}  ${os.cpus().length} CPUs`,
);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
console.log(`commit ${commit}, node ${process.version}`);

if (PHASES.includes('build')) {
  // The build `npm start` runs on a first start, into a temp dir (the repo's build is left alone).
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-console-'));
  const t0 = performance.now();
  const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/console'),
    stdio: 'ignore',
  });
  console.log(`console build (vite build): ${((performance.now() - t0) / 1000).toFixed(1)} s, exit ${r.status}`);
  fs.rmSync(out, { recursive: true, force: true });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
if (PHASES.includes('start')) {
  // Fresh: an empty DATA_DIR (initdb and migrations run). Restart: the same DATA_DIR again.
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const s = await npmStart();
    await s.stop(true);
    const r = await npmStart({}, s.dataDir);
    const note = s.built ? ' (built the console: first start)' : '';
    console.log(`start ${i + 1}: fresh DATA_DIR ${secs(s.ms)}${note}, restart ${secs(r.ms)}, RSS ${mb(rssKb(r.pid))}`);
    // The first run warms the disk cache (and builds the console if there is none): not counted.
    if (i > 0 && !s.built) fresh.push(s.ms);
    if (i > 0 && !r.built) restart.push(r.ms);
    await r.stop();
  }
  console.log(
    `start warm: fresh DATA_DIR median ${secs(median(fresh))}, restart median ${secs(median(restart))} (of ${restart.length})`,
  );
}

if (PHASES.includes('idle')) {
  for (const kind of ['fresh DATA_DIR', 'restart']) {
    let s = await npmStart();
    if (kind === 'restart') {
      await s.stop(true);
      s = await npmStart({}, s.dataDir);
    }
    const atReady = rssKb(s.pid);
    await sleep(IDLE_S * 1000);
    console.log(`RSS idle (${kind}): ${mb(atReady)} at ready, ${mb(rssKb(s.pid))} after ${IDLE_S} s`);
    await s.stop();
  }
}

if (PHASES.includes('load')) {
  const s = await npmStart({
    ADMIN_PASSWORD: PASSWORD,
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'warn',
    // Three simulated gateways carry the whole load: lift the per-gateway uplink cap.
    GATEWAY_MAX_UPLINKS_PER_S: '1000000',
  });
  let token = '';
  const call = async (url: string, body: Record<string, unknown>) => {
    const res = await fetch(s.base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; token?: string; data?: any };
    if (json.code !== 0) throw new Error(`${url}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  token = (await call(authApi.login.path, { name: 'admin', password: PASSWORD })).token!;
  const appID = (await call(applicationApi.create.path, { appName: 'bench' })).data.appID;
  const t0 = performance.now();
  for (let i = 0; i < DEVICES; i += 10_000) {
    const devices = Array.from({ length: Math.min(10_000, DEVICES - i) }, (_, k) => abpDevice(i + k + 1));
    await call(deviceApi.batchCreate.path, { appID, authType: 'abp', devices });
  }
  for (let g = 0; g < GATEWAYS; g++) {
    await call(gatewayApi.create.path, {
      gwID: gwIdOf(g),
      gwName: `bench-gw-${g}`,
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
  }
  console.log(
    `seeded ${DEVICES} devices in ${((performance.now() - t0) / 1000).toFixed(0)} s: RSS ${mb(rssKb(s.pid))}`,
  );
  let peak = 0;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const r = rssKb(s.pid);
    samples.push(r);
    peak = Math.max(peak, r);
  }, 1000);
  const res = await runLoad({
    port: s.udpPort,
    gateways: GATEWAYS,
    devices: DEVICES,
    rate: RATE,
    seconds: LOAD_S,
    confirmed: false,
    fCntBase: 1,
  });
  clearInterval(timer);
  console.log(
    `RSS at ${DEVICES} devices + ${RATE} uplinks/s (${LOAD_S} s, ${res.sent} sent, sendSeconds ${res.sendSeconds.toFixed(1)}): ` +
      `peak ${mb(peak)}, median ${mb(median(samples))}, end ${mb(rssKb(s.pid))}`,
  );
  await s.stop();
}
process.exit(0);
