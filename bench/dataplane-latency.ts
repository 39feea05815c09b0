/**
 * PUSH_DATA → PULL_RESP latency at a steady uplink rate (default 1,000/s): confirmed uplinks
 * from 10,000 ABP devices, each heard by 3 gateways; every one needs an ACK downlink, so every
 * uplink gets a PULL_RESP. Measured in the load generator (its own process) from the first
 * PUSH_DATA of an uplink to the PULL_RESP carrying its answer, de-dup window (200 ms) included.
 *
 * Run: npx tsx bench/dataplane-latency.ts                         (PGlite)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/dataplane-latency.ts
 *      PGLITE_THREAD=main to run PGlite on the main thread (the default is its worker thread).
 *      RATE=1000 SECONDS=10 DEVICES=10000 to change the run.
 *      DEDUP_EARLY_CLOSE=false to wait every uplink's whole window (the default closes it once its
 *      device's usual gateways reported).
 * A warm-up pass first (every device once, unconfirmed, not measured) stands for a network that
 * has heard its devices before: early close needs to know which gateways hear each device.
 */
import { percentile, runLoad, setupServer } from './lib/dataplane-setup';

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const RATE = Number(process.env.RATE ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 10);

const EARLY = process.env.DEDUP_EARLY_CLOSE ?? 'true';
const srv = await setupServer({ devices: DEVICES, gateways: 3, env: { DEDUP_EARLY_CLOSE: EARLY } });
console.log(
  `engine ${srv.engine}, ${DEVICES} devices, 3 gateways, ${RATE} confirmed uplinks/s for ${SECONDS} s, early close ${EARLY}`,
);
await runLoad({
  port: srv.port,
  gateways: 3,
  devices: DEVICES,
  rate: RATE,
  seconds: DEVICES / RATE,
  confirmed: false,
  fCntBase: 1,
});
const res = await runLoad({
  port: srv.port,
  gateways: 3,
  devices: DEVICES,
  rate: RATE,
  seconds: SECONDS,
  confirmed: true,
  fCntBase: 2,
});
const l = res.latencies;
const f = (x: number) => x.toFixed(0);
console.log(
  `uplinks sent ${res.sent} in ${res.sendSeconds.toFixed(1)} s; answered ${l.length} (${((100 * l.length) / res.sent).toFixed(1)}%)`,
);
console.log(
  `PUSH_DATA → PULL_RESP ms: p50 ${f(percentile(l, 50))}, p95 ${f(percentile(l, 95))}, p99 ${f(percentile(l, 99))}, max ${f(Math.max(...l))}`,
);
// The server's own view (first datagram read → PULL_RESP written), from its histogram buckets.
const h = await srv.services.metrics.getSingleMetric('lns_pull_resp_latency_seconds')?.get();
const buckets = (h?.values ?? []).filter((v) => (v as { metricName?: string }).metricName?.endsWith('_bucket'));
const count = buckets.at(-1)?.value ?? 0;
const upTo = (q: number) => buckets.find((b) => b.value >= q * count)?.labels.le;
console.log(
  `server-side (bucket upper bounds, s): p50 ≤ ${upTo(0.5)}, p95 ≤ ${upTo(0.95)}, p99 ≤ ${upTo(0.99)} of ${count}`,
);
const late = (await srv.services.metrics.getSingleMetric('lns_dedup_late_copies_total')?.get())?.values[0]?.value ?? 0;
console.log(`late gateway copies (after an early close): ${late} of ${3 * (res.sent + DEVICES)} copies sent`);
await srv.close();
process.exit(0);
