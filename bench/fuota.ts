/**
 * FUOTA (TS004 over TS005, docs/protocols/fuota.md) of a 64 KB image at 30 % redundancy:
 * 1. The plan per region: fragments, their size, parity fragments, LoRa air time at the RX2 data
 *    rate and the wall time the default pacing (the RX2 channel's duty cycle) gives the transfer.
 * 2. A real run: the server in this process (in-memory PGlite, HTTP and Semtech UDP on loopback,
 *    fragment pacing compressed to 50 ms), the simulator in a child process with 100 OTAA devices
 *    and 2 gateways taking part in multicast; from task creation to DONE: wall time, the server's
 *    CPU (this process), RSS, fragments sent, devices done, and the simulator's own counters.
 *    INTERVAL_MS=5 compresses further: a fragment step then takes longer than the interval, the
 *    runner sends them all in one tick and, on PGlite, the event loop gets no turn until it ends
 *    (no uplink read, the PULL_RESPs leave in one burst the simulator cannot take).
 * Nothing here asserts time; it fails only when the run cannot finish (simulator, task).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { authApi } from '@lns/contract/api/auth';
import { fuotaApi } from '@lns/contract/api/fuota';
import { mcDeviceApi, mcGatewayApi, mcGroupApi } from '@lns/contract/api/multicast';
import { FUOTA, FUOTA_SESSION_STATE as S, statusWaitS } from '@lns/contract/fuota';
import { loraTimeOnAir } from '@lns/lorawan/airtime';
import { ts004 } from '@lns/lorawan/applayer/ts004';
import { prng } from '@lns/lorawan/prng';
import { getDataRate, getRegion } from '@lns/lorawan/regions';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { fragmentIntervalMs, planFragments } from '../apps/server/src/fuota/plan';
import { deviceEui, gatewayEui } from '../tools/simulator/src/provision';

const IMAGE_BYTES = 65_536;
const REDUNDANCY = 30;
const DEVICES = Number(process.env.DEVICES ?? 100);
const GATEWAYS = 2;
const LOSS = 0.05;
/** Seconds between two regular uplinks of a simulated device: unicast requests leave in their RX windows. */
const UPLINK_INTERVAL_S = Number(process.env.UPLINK_INTERVAL_S ?? 5);
/** FUOTA_FRAGMENT_INTERVAL_MS of the run: the air pacing compressed, but above a fragment step's time. */
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 50);
const PREFIX = 'fb64';
const GEN_APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const PASSWORD = 'meadow-lantern-42';
/** LoRaWAN bytes around a multicast FRMPayload: MHDR 1, FHDR without FOpts 7, FPort 1, MIC 4. */
const FRAME_OVERHEAD = 13;

const rand = prng(64);
const image = Buffer.from(Array.from({ length: IMAGE_BYTES }, () => Math.floor(rand() * 256)));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const duration = (ms: number) => {
  const min = Math.round(ms / 60_000);
  return min >= 60
    ? `${Math.floor(min / 60)} h ${min % 60} min`
    : ms >= 60_000
      ? `${min} min`
      : `${fmt(ms / 1000, 1)} s`;
};
const mb = (bytes: number) => fmt(bytes / 1024 / 1024);
const ms = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
const sleep = (wait: number) => new Promise((r) => setTimeout(r, wait));

// 1. The plan.
const statusReqBytes = ts004.encode({
  type: 'FragSessionStatusReq',
  participants: true,
  fragIndex: FUOTA.fragIndex,
}).length;
console.log(
  `FUOTA plan: ${fmt(IMAGE_BYTES)}-byte image at ${REDUNDANCY} % redundancy; air time by loraTimeOnAir at the RX2 data rate, PHY = ${FRAME_OVERHEAD} + ${FUOTA.fragmentOverhead} + fragSize bytes, no CRC`,
);
let lastFragSize = -1;
for (const id of ['eu868', 'us915', 'cn470']) {
  const region = getRegion(id);
  const plan = planFragments(region, image, REDUNDANCY);
  const rate = getDataRate(region, region.rx2.dr).rate;
  if (rate.modulation !== 'LORA') throw new Error(`${id}: RX2 is not LoRa`);
  if (id === 'us915' && plan.fragSize === lastFragSize) continue;
  lastFragSize = plan.fragSize;
  const phy = FRAME_OVERHEAD + FUOTA.fragmentOverhead + plan.fragSize;
  const air = loraTimeOnAir({ payloadBytes: phy, sf: rate.sf, bw: rate.bw, crc: false });
  const statusAir = loraTimeOnAir({
    payloadBytes: FRAME_OVERHEAD + statusReqBytes,
    sf: rate.sf,
    bw: rate.bw,
    crc: false,
  });
  const fragments = plan.nbFrag + plan.redundancy;
  const interval = fragmentIntervalMs(region, plan.fragSize, 0);
  const pacing =
    interval / air > 5 ? `${fmt((air / interval) * 100)} % duty cycle` : 'no duty-cycle limit: air + 50 ms';
  console.log(
    `  ${id.padEnd(6)} RX2 ${fmt(region.rx2.frequency / 1e6, 3)} MHz DR${region.rx2.dr} SF${rate.sf}BW${rate.bw}: nbFrag ${fmt(plan.nbFrag)} × ${plan.fragSize} B (padding ${plan.padding}), redundancy ${plan.redundancy}, ${fmt(fragments + 1)} frames (${fmt(fragments)} fragments + status request)`,
  );
  console.log(
    `         air ${fmt(air, 1)} ms per fragment frame (${phy} B), ${duration(fragments * air + statusAir)} in total; default pacing ${fmt(interval)} ms (${pacing}) → ${duration((fragments - 1) * interval)} from the first fragment to the status request`,
  );
}

// 2. A real run.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-fuota-'));
const config = loadConfig({
  ADMIN_PASSWORD: PASSWORD,
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: path.join(dataDir, 'none'),
  HOST: '127.0.0.1',
  UDP_PORT: '0',
  MQTT_PORT: '0',
  DEDUP_WINDOW_MS: '100',
  MC_SESSION_LEAD_S: '2',
  FUOTA_FRAGMENT_INTERVAL_MS: String(INTERVAL_MS),
  FUOTA_ANSWER_WAIT_S: '120',
});
const database = await openDatabase({});
const { app, services } = await buildApp(config, database);
await app.ready();
await app.listen({ port: 0, host: '127.0.0.1' });
for (const start of services.starters) await start();
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const udp = `127.0.0.1:${services.dataPlane.bridge.port}`;
const db = database.db;
const loads: number[] = [];
const sampleLoad = () => loads.push(os.loadavg()[0]!);
sampleLoad();

const token = (
  await app.inject({ method: 'POST', url: authApi.login.path, payload: { name: 'admin', password: PASSWORD } })
).json().token as string;
const call = async (method: 'GET' | 'POST', u: string, data: Record<string, unknown>) => {
  const res = await app.inject({
    method,
    url: u,
    headers: { 'x-access-token': token },
    ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`${u}: ${res.body.slice(0, 300)}`);
  return body;
};
const count = async (query: string) => Number(rowsOf(await db.execute(query))[0]?.n ?? 0);

/** The simulator's CPU time in ms (its node process; Linux /proc, 100 ticks per second). */
const childCpuMs = (child: ChildProcess) => {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

// The server idle (no gateway, no device): its own timers and runners.
const idleCpu0 = process.cpuUsage();
await sleep(5_000);
const idleCpu = process.cpuUsage(idleCpu0);
const idleMsPerS = (idleCpu.user + idleCpu.system) / 1000 / 5;

const repo = path.resolve(new URL('.', import.meta.url).pathname, '..');
const simArgs = [
  ...['--url', url, '--udp', udp, '--user', 'admin', '--app', 'fuota-bench', '--prefix', PREFIX],
  ...['--gateways', String(GATEWAYS), '--devices', String(DEVICES), '--otaa', '1', '--confirmed', '0'],
  ...['--interval', String(UPLINK_INTERVAL_S), '--gen-app-key', GEN_APP_KEY, '--loss', String(LOSS), '--quiet'],
];
const sim = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'tools/simulator/src/cli.ts'), ...simArgs], {
  cwd: repo,
  env: { ...process.env, LNS_PASSWORD: PASSWORD },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let simOut = '';
let simErr = '';
sim.stdout!.on('data', (b: Buffer) => (simOut += b.toString()));
sim.stderr!.on('data', (b: Buffer) => (simErr += b.toString()));
const simExit = new Promise<number | null>((resolve) => sim.on('exit', (code) => resolve(code)));
const waitFor = async (what: string, ok: () => Promise<boolean> | boolean, limitMs: number) => {
  const end = Date.now() + limitMs;
  while (!(await ok())) {
    if (sim.exitCode !== null) throw new Error(`${what}: the simulator exited ${sim.exitCode}\n${simOut}${simErr}`);
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs / 1000} s\n${simOut}${simErr}`);
    await sleep(250);
  }
};

let exitCode = 0;
try {
  const simStarted = performance.now();
  await waitFor('simulator provisioned', () => simOut.includes('provisioned'), 120_000);
  await waitFor(
    'devices joined',
    async () =>
      (await count(
        `SELECT count(*)::int AS n FROM devices WHERE joined_at IS NOT NULL AND dev_eui LIKE '${PREFIX}%'`,
      )) >= DEVICES,
    120_000,
  );
  const joinedS = (performance.now() - simStarted) / 1000;

  // Background: the devices' regular uplinks with no task, to tell the FUOTA work from it.
  const bgCpu0 = process.cpuUsage();
  const bgT0 = performance.now();
  await sleep(5_000);
  const bgCpu = process.cpuUsage(bgCpu0);
  const bgMsPerS = (bgCpu.user + bgCpu.system) / 1000 / ((performance.now() - bgT0) / 1000);

  // The runner's own work per fragment: the CPU and wall time of its ticks (claim the due task, run
  // its steps, look for the next due time) that sent fragments. Its methods are private; wrapped
  // here only to measure, without changing what they do.
  const runner = services.fuota as unknown as {
    tick(): Promise<void>;
    step(t: { state: number; stepEnds: number | null }): Promise<void>;
  };
  const fragTicks = { steps: 0, cpuMs: 0, wallMs: 0, ticks: 0, longestMs: 0 };
  let stepsInTick = 0;
  const step = runner.step.bind(runner);
  runner.step = (t) => {
    if (t.state === S.ENQUEUE_FRAGMENT && t.stepEnds !== null) stepsInTick++;
    return step(t);
  };
  const tick = runner.tick.bind(runner);
  runner.tick = async () => {
    const c = process.cpuUsage();
    const w = performance.now();
    stepsInTick = 0;
    try {
      await tick();
    } finally {
      if (stepsInTick > 0) {
        const wall = performance.now() - w;
        fragTicks.steps += stepsInTick;
        fragTicks.ticks++;
        fragTicks.cpuMs += ms(process.cpuUsage(c));
        fragTicks.wallMs += wall;
        fragTicks.longestMs = Math.max(fragTicks.longestMs, wall);
      }
    }
  };

  const mcEUI = `${PREFIX}000000000001`;
  await call('POST', mcGroupApi.create.path, {
    mcName: 'fuota bench',
    mcEUI,
    region: 'eu868',
    enableMCRemote: true,
    groupID: 1,
    genAppKey: GEN_APP_KEY,
    mcAddr: '01fb6401',
  });
  const devEUIs = Array.from({ length: DEVICES }, (_, i) => deviceEui(PREFIX, i));
  await call('POST', mcDeviceApi.create.path, { mcEUI, devEUIs });
  const gwIDs = Array.from({ length: GATEWAYS }, (_, i) => gatewayEui(PREFIX, i));
  await call('POST', mcGatewayApi.create.path, { mcEUI, gwIDs });

  sampleLoad();
  const rss0 = process.memoryUsage().rss;
  let rssMax = rss0;
  const simCpu0 = childCpuMs(sim);
  const cpu0 = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const t0 = performance.now();
  const created = await call('POST', fuotaApi.create.path, {
    mcEUI,
    firmwareName: 'bench-64k',
    redundancyPercent: REDUNDANCY,
    payload: `data:application/octet-stream;base64,${image.toString('base64')}`,
  });
  const fdID = created.data.fdID as number;

  // Each state's first sighting: time since creation, the server's CPU then, fragments sent.
  const seen = new Map<number, { at: number; cpu: NodeJS.CpuUsage; frags: number }>();
  let lastSample = 0;
  for (let state = -1; state !== S.DONE; ) {
    const row = rowsOf(await db.execute(`SELECT state, frags_sent FROM fuota_tasks WHERE fd_id = ${fdID}`))[0]!;
    state = Number(row.state);
    if (!seen.has(state))
      seen.set(state, { at: performance.now() - t0, cpu: process.cpuUsage(cpu0), frags: Number(row.frags_sent) });
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
    if (performance.now() - lastSample > 5_000) {
      sampleLoad();
      lastSample = performance.now();
    }
    if (performance.now() - t0 > 900_000) throw new Error('the task did not finish within 15 min');
    if (state !== S.DONE) await sleep(100);
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  const simCpu = childCpuMs(sim) - simCpu0;
  const rss1 = process.memoryUsage().rss;
  sampleLoad();
  const task = (await call('GET', fuotaApi.info.path, { fdID })).data;

  sim.kill('SIGTERM');
  await Promise.race([simExit, sleep(10_000)]);
  const summary = simOut
    .split('\n')
    .filter((l) => /^(---|joins|uplinks|downlinks|gateways|multicast|fuota|errors) /.test(l));

  const cpuMs = (cpu.user + cpu.system) / 1000;
  const frags = Number(task.fragsSent);
  console.log(
    `\nFUOTA run: ${fmt(IMAGE_BYTES)}-byte image, ${DEVICES} OTAA devices (TS005 class C session) and ${GATEWAYS} member gateways from the simulator in a child process, loss ${LOSS}; eu868, in-memory PGlite, FUOTA_FRAGMENT_INTERVAL_MS ${INTERVAL_MS}, MC_SESSION_LEAD_S 2, uplinks every ${UPLINK_INTERVAL_S} s`,
  );
  console.log(`  ${DEVICES} devices joined ${fmt(joinedS, 1)} s after the simulator started`);
  console.log(
    `  server CPU before the task: ${fmt(idleMsPerS)} ms/s idle, ${fmt(bgMsPerS)} ms/s with the devices' regular uplinks (${fmt(DEVICES / UPLINK_INTERVAL_S)}/s; the figures below include them)`,
  );
  console.log(
    `  task created → DONE: ${fmt(wallMs / 1000, 1)} s wall; server CPU ${fmt(cpuMs)} ms (user ${fmt(cpu.user / 1000)} + system ${fmt(cpu.system / 1000)}), ${fmt((cpuMs / wallMs) * 100)} % of one core; ${fmt(cpuMs / frags, 1)} ms per fragment sent`,
  );
  // Phases between the states the polling saw (one it missed is counted with the one before).
  const names: Record<number, string> = {
    [S.CREATED]: 'TS005 session of the members',
    [S.SEND_FRAG_SESS_SETUP]: 'FragSessionSetup',
    [S.ENQUEUE_FRAGMENT]: 'fragments',
    [S.SEND_FRAG_SESS_STATUS]: 'status (answers after 16–32 s)',
    [S.SEND_FRAG_SESS_DEL]: 'FragSessionDelete',
    [S.CLEANUP]: 'cleanup',
  };
  const states = [...seen.keys()].sort((a, b) => a - b);
  for (let i = 0; i + 1 < states.length; i++) {
    const from = states[i]!;
    const a = seen.get(from)!;
    const b = seen.get(states[i + 1]!)!;
    const s = (b.at - a.at) / 1000;
    const phaseCpu = ms(b.cpu) - ms(a.cpu);
    const frags = b.frags - a.frags;
    const label = Array.from({ length: states[i + 1]! - from }, (_, k) => names[from + k]).join(' + ');
    const extra =
      frags > 0 && from <= S.ENQUEUE_FRAGMENT && states[i + 1]! > S.ENQUEUE_FRAGMENT
        ? ` — ${fmt(frags)} fragments, ${fmt(frags / s, 1)}/s (${fmt((s * 1000) / frags)} ms each), ${fmt(phaseCpu / frags, 1)} ms CPU per fragment with the background`
        : '';
    console.log(
      `    ${from} ${label.padEnd(30)} ${fmt(s, 1).padStart(6)} s, CPU ${fmt(phaseCpu).padStart(6)} ms${extra}`,
    );
  }
  console.log(
    `  runner ticks that sent fragments: ${fmt(fragTicks.ticks)} ticks, ${fmt(fragTicks.steps)} fragment steps; per fragment ${fmt(fragTicks.cpuMs / fragTicks.steps, 1)} ms CPU, ${fmt(fragTicks.wallMs / fragTicks.steps, 1)} ms wall; longest tick ${fmt(fragTicks.longestMs)} ms (the event loop waits for it: PGlite answers without giving timers or sockets a turn)`,
  );
  console.log(
    `  event-loop delay during the task: p50 ${fmt(loopDelay.percentile(50) / 1e6)} ms, p99 ${fmt(loopDelay.percentile(99) / 1e6)} ms, max ${fmt(loopDelay.max / 1e6)} ms`,
  );
  console.log(
    `  RSS ${mb(rss0)} MB at creation, ${mb(rss1)} MB at DONE (max sampled ${mb(rssMax)} MB); simulator CPU in its own process ${fmt(simCpu)} ms`,
  );
  console.log(
    `  task: ${task.status}${task.error_message ? ` (${task.error_message})` : ''}, nbFrag ${task.nbFrag} × ${task.fragSize} B + redundancy ${task.redundancy}, fragments sent ${fmt(frags)}, devices ${task.deviceNums}, done ${task.doneNums}, failed ${task.failedNums}, most missing after the transfer ${task.nbFragMissing ?? '-'}`,
  );
  console.log(`  simulator summary:${summary.length ? '' : ' (none printed)'}`);
  for (const line of summary) console.log(`    ${line}`);
  console.log(
    `  load average (1 min) ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)} during the run, on ${os.cpus().length} CPUs; status wait ${statusWaitS(FUOTA.blockAckDelay)} s at most`,
  );
  if (Number(task.doneNums) === 0)
    console.log(
      '  no device rebuilt the image: see the event-loop delay (fragments faster than the server sends them)',
    );
} catch (err) {
  console.error((err as Error).message);
  exitCode = 1;
} finally {
  if (sim.exitCode === null) {
    sim.kill('SIGTERM');
    await Promise.race([simExit, sleep(10_000)]);
    if (sim.exitCode === null) sim.kill('SIGKILL');
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
