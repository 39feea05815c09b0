/**
 * Sustained de-duplicated uplinks per second, end to end: 10,000 ABP devices, every uplink
 * heard by 3 gateways (Semtech UDP from a separate process) → de-dup → MIC/FCnt → stored
 * (frames, messages, gateway frames, signal) → published on the bus. For each offered rate it
 * prints what was processed and how long after the last datagram the last one was stored.
 *
 * Run: npx tsx bench/dataplane-throughput.ts                      (PGlite)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/dataplane-throughput.ts
 *      PGLITE_THREAD=main to run PGlite on the main thread (the default is its worker thread);
 *      PGLITE_SHARED_BUFFERS=128MB for another PGlite page cache (default 16MB).
 *      RATES=1000,3000 SECONDS=10 DEVICES=10000 to change the run; TAGGED=1 gives each device one
 *      of 20 tags; DEDUP_EARLY_CLOSE=false to wait every uplink's whole window; RAW_SECONDS=5 for
 *      the closing raw store rate (lib/raw-store-rate.ts; 0 skips it).
 */
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { localTopics } from '../apps/server/src/bus/bus';
import { cpuSample, cpuSplit } from './lib/cpu-split';
import { runLoad, setupServer } from './lib/dataplane-setup';
import { rawStoreRate } from './lib/raw-store-rate';

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const GATEWAYS = 3;
const SECONDS = Number(process.env.SECONDS ?? 10);
const RATES = (process.env.RATES ?? '1000,2000,3000,5000').split(',').map(Number);
const RAW_SECONDS = Number(process.env.RAW_SECONDS ?? 5);

const EARLY = process.env.DEDUP_EARLY_CLOSE ?? 'true';
const TAGGED = process.env.TAGGED === '1';
const srv = await setupServer({
  devices: DEVICES,
  gateways: GATEWAYS,
  env: { DEDUP_EARLY_CLOSE: EARLY },
  tagged: TAGGED,
});
let published = 0;
let lastAt = 0;
srv.services.local.subscribe(localTopics.appMessage, () => {
  published++;
  lastAt = performance.now();
});
/** Uplinks counted per result (ok, replay, bad_mic, ...) so far. */
const results = async () => {
  const m = await srv.services.metrics.getSingleMetric('lns_uplinks_total')?.get();
  return new Map((m?.values ?? []).map((v) => [String(v.labels.result), v.value]));
};
/**
 * Datagrams the kernel dropped at the server's UDP socket because its receive buffer was full
 * (Linux /proc/net/udp, last column; 0 elsewhere). Only that socket: the load generator's own
 * sockets drop PUSH_ACKs when it falls behind, which loses nothing of the server's.
 */
const serverSocketDrops = async () => {
  let drops = 0;
  for (const file of ['/proc/net/udp', '/proc/net/udp6']) {
    for (const line of (await readFile(file, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 12 && Number.parseInt(f[1]!.split(':')[1]!, 16) === srv.port) drops += Number(f.at(-1));
    }
  }
  return drops;
};
console.log(
  `engine ${srv.engine}, ${DEVICES} devices, ${GATEWAYS} gateways per uplink, ${SECONDS} s per rate, early close ${EARLY}, tagged ${TAGGED}`,
);
console.log(
  'offered/s | processed | processed/s (first → last publish) | last publish after last send (s) | not processed (why) | server CPU ms per uplink',
);
const ms = (ns: number) => (ns / 1e6).toFixed(0);
let fCntBase = 1;
for (const rate of RATES) {
  const before = published;
  const resultsBefore = await results();
  const dropsBefore = await serverSocketDrops();
  // CPU of this process (on PGlite the database runs here too) per uplink: a cost figure that
  // other load on the machine does not change the way it changes uplinks/s.
  const cpuBefore = process.cpuUsage();
  const load = runLoad({
    port: srv.port,
    gateways: GATEWAYS,
    devices: DEVICES,
    rate,
    seconds: SECONDS,
    confirmed: false,
    fCntBase,
  });
  // The child first builds its frames; count from its first datagram (the first de-dup entry).
  while (srv.dp.dedup.size === 0 && published === before) await sleep(1);
  const first = performance.now();
  const cpuAtFirst = cpuSample();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  // Sampled when the generator's last datagram should be out (its own report comes 1.5 s later).
  const sent = sleep(SECONDS * 1000).then(cpuSample);
  const res = await load;
  const cpuSent = await sent;
  loopDelay.disable();
  const sendEnd = first + res.sendSeconds * 1000;
  while (srv.dp.inflight > 0) await sleep(5);
  await srv.dp.writer.flush();
  const cpu = process.cpuUsage(cpuBefore);
  const n = published - before;
  const counted = [...(await results())].map(([k, v]) => [k, v - (resultsBefore.get(k) ?? 0)] as const);
  const ok = counted.find(([k]) => k === 'ok')?.[1] ?? 0;
  // Results other than ok, and the datagrams lost before the server read them.
  const why = [
    ...counted.filter(([k, v]) => k !== 'ok' && v > 0),
    [
      "datagrams dropped by the server socket's full receive buffer",
      (await serverSocketDrops()) - dropsBefore,
    ] as const,
  ]
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `${rate} | ${n} of ${res.sent} | ${Math.round(n / ((lastAt - first) / 1000))} | ${Math.max(0, (lastAt - sendEnd) / 1000).toFixed(2)} | ${res.sent - ok}${why ? ` (${why})` : ''} | ${((cpu.user + cpu.system) / 1000 / Math.max(1, n)).toFixed(3)}`,
  );
  console.log(`  CPU while sending: ${cpuSplit(cpuAtFirst, cpuSent, SECONDS, res.sendCpuMs / res.sendSeconds)}`);
  // libuv reads at most 32 datagrams from a socket per turn of the event loop: long turns cap
  // the read rate, and the kernel drops what its receive buffer cannot hold meanwhile.
  console.log(
    `  main thread's event loop delay while sending: p50 ${ms(loopDelay.percentile(50))}, p99 ${ms(loopDelay.percentile(99))}, max ${ms(loopDelay.max)} ms`,
  );
  fCntBase += Math.ceil((rate * SECONDS) / DEVICES) + 1;
}
// The same database's ceiling for these rows, with none of the server's work on the way: one
// statement at a time (PGlite has one session), and on PostgreSQL also two (both CPUs).
let stored = published;
for (const parallel of RAW_SECONDS <= 0 ? [] : srv.engine === 'PGlite' ? [1] : [1, 2]) {
  const raw = await rawStoreRate(srv.services.db, { uplinksOfRun: stored, seconds: RAW_SECONDS, parallel });
  stored += raw.uplinks;
  const rows = Object.entries(raw.perUplink)
    .map(([t, n]) => `${t} ${n.toFixed(2)}`)
    .join(', ');
  console.log(
    `raw store rate, ${parallel} statement(s) of 500 uplinks at a time (the run's rows per uplink: ${rows}): ${raw.uplinksPerSecond} uplinks/s, statement p50 ${raw.statementMs.toFixed(1)} ms`,
  );
}
await srv.close();
process.exit(0);
