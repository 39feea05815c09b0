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
import { setTimeout as sleep } from 'node:timers/promises';
import { localTopics } from '../apps/server/src/bus/bus';
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
const okCount = async () => {
  const m = await srv.services.metrics.getSingleMetric('lns_uplinks_total')?.get();
  return m?.values.find((v) => v.labels.result === 'ok')?.value ?? 0;
};
console.log(
  `engine ${srv.engine}, ${DEVICES} devices, ${GATEWAYS} gateways per uplink, ${SECONDS} s per rate, early close ${EARLY}, tagged ${TAGGED}`,
);
console.log(
  'offered/s | processed | processed/s (first → last publish) | last publish after last send (s) | not processed | server CPU ms per uplink',
);
let fCntBase = 1;
for (const rate of RATES) {
  const before = published;
  const okBefore = await okCount();
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
  const res = await load;
  const sendEnd = first + res.sendSeconds * 1000;
  while (srv.dp.inflight > 0) await sleep(5);
  await srv.dp.writer.flush();
  const cpu = process.cpuUsage(cpuBefore);
  const n = published - before;
  const ok = (await okCount()) - okBefore;
  console.log(
    `${rate} | ${n} of ${res.sent} | ${Math.round(n / ((lastAt - first) / 1000))} | ${Math.max(0, (lastAt - sendEnd) / 1000).toFixed(2)} | ${res.sent - ok} | ${((cpu.user + cpu.system) / 1000 / Math.max(1, n)).toFixed(3)}`,
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
