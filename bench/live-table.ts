/**
 * The live table in Chromium at 100 frames/s: the real server (in this process, serving the
 * built console) publishes gateway frames on the bus, the gateway live page shows them, and a
 * PerformanceObserver('longtask') in the page records main-thread tasks over 50 ms.
 * Budget: no long task (max < 50 ms). Needs `npm run build -w apps/console` and /usr/bin/chromium.
 *
 * Run: npx tsx bench/live-table.ts   (RATE=100 DURATION=15 ROWS=50; TRACE=1 sums the page's
 * timeline events, PROFILE=1 its JavaScript self time, to see where a batch's time goes)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi } from '@lns/contract/api/auth';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/server/src/app';
import { topics } from '../apps/server/src/bus/bus';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedGateway } from '../apps/server/test/stream-fixtures';

const RATE = Number(process.env.RATE ?? 100);
const DURATION = Number(process.env.DURATION ?? 15);
const ROWS = Number(process.env.ROWS ?? 50);
const consoleDir = new URL('../apps/console/dist', import.meta.url).pathname;
if (!fs.existsSync(path.join(consoleDir, 'index.html'))) {
  console.log('apps/console/dist missing: run `npm run build -w apps/console` first');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-live-'));
const config = loadConfig({
  ADMIN_PASSWORD: 'meadow-lantern-42',
  LOGIN_CAPTCHA: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  CONSOLE_DIR: consoleDir,
});
const database = await openDatabase({});
const { app, services } = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (
  await app.inject({
    method: 'POST',
    url: authApi.login.path,
    payload: { name: 'admin', password: 'meadow-lantern-42' },
  })
).json();
const gwID = await seedGateway(services.db, 1);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
await page.addInitScript(
  ({ token, userID }) => {
    localStorage.setItem('lns.token', token);
    localStorage.setItem('lns.name', 'admin');
    localStorage.setItem('lns.userID', String(userID));
    localStorage.setItem('lns.access', JSON.stringify(['admin', 'user']));
    localStorage.setItem('lns.lang', 'en-US');
    (window as unknown as { __long: number[] }).__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { __long: number[] }).__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  },
  { token: login.token as string, userID: login.userID as number },
);
await page.goto(`${base}/gateway/real-time?gwID=${gwID}`);
page.on('pageerror', (e) => console.log('page error:', e.message));
await page
  .getByTestId('socket-state')
  .and(page.locator('[data-state="1"]'))
  .waitFor({ timeout: 30_000 })
  .catch(async (e) => {
    console.log(page.url(), (await page.locator('body').innerText()).slice(0, 500));
    throw e;
  });
// Bigger table = more work per frame: use the largest row count.
await page.getByTestId('live-table').getByRole('combobox').click();
await page.getByRole('option', { name: String(ROWS), exact: true }).click();
await page.waitForTimeout(1000);
const takeLong = () =>
  page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    const l = w.__long;
    w.__long = [];
    return l;
  });
// Baseline: the same page with no frames, to tell this machine's noise from the table's cost.
await takeLong();
await page.waitForTimeout(Math.min(DURATION, 5) * 1000);
const idle = await takeLong();

// PROFILE=1 prints where the page spends its time while frames arrive.
const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : undefined;
if (cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
}
const traceEvents: { name: string; dur?: number; ph: string; tid: number }[] = [];
const tracer = process.env.TRACE ? await page.context().newCDPSession(page) : undefined;
if (tracer) {
  tracer.on('Tracing.dataCollected', (e) => {
    traceEvents.push(...(e.value as unknown as typeof traceEvents));
  });
  await tracer.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
}

let seq = 0;
const frame = () => ({
  kind: 'gateway' as const,
  data: {
    msgID: `b${++seq}`,
    createtime: Date.now(),
    gwID,
    uplink: seq % 5 !== 0,
    msgType: seq % 5 === 0 ? 3 : 2,
    devAddr: '26011bda',
    devEUI: null,
    phy: '4026011bda800100010a6a3a6a3d4f2c1e0b7c2d9a',
    data: '6a3a6a3d4f2c1e0b',
    sf: 7 + (seq % 6),
    bw: 125,
    freq: 868100000 + (seq % 8) * 200000,
    rssi: -40 - (seq % 70),
    snr: 10 - (seq % 20),
    size: 23,
  },
});
const start = Date.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(RATE * DURATION, Math.floor(((Date.now() - start) / 1000) * RATE));
    while (seq < due) services.bus.publish(topics.gateway(gwID), frame());
    if (seq >= RATE * DURATION) {
      clearInterval(timer);
      resolve();
    }
  }, 10);
});
await page.waitForTimeout(500);
const rows = await page.getByTestId('live-row').count();
const long = await takeLong();
if (tracer) {
  const finished = new Promise((r) => tracer.once('Tracing.tracingComplete', r));
  await tracer.send('Tracing.end');
  await finished;
  const sum = new Map<string, { n: number; ms: number; max: number }>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur) continue;
    const v = sum.get(e.name) ?? { n: 0, ms: 0, max: 0 };
    v.n++;
    v.ms += e.dur / 1000;
    v.max = Math.max(v.max, e.dur / 1000);
    sum.set(e.name, v);
  }
  for (const [k, v] of [...sum].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(
      `${v.ms.toFixed(0).padStart(7)} ms total  ${String(v.n).padStart(6)}×  max ${v.max.toFixed(1)} ms  ${k}`,
    );
}
if (cdp) {
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byName = new Map<string, number>();
  for (const n of profile.nodes) {
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    byName.set(k, (byName.get(k) ?? 0) + (self.get(n.id) ?? 0));
  }
  for (const [k, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}
const max = long.length ? Math.max(...long) : 0;
const idleMax = idle.length ? Math.max(...idle) : 0;
console.log(`published ${seq} frames at ${RATE}/s for ${DURATION} s; table shows ${rows} rows`);
console.log(
  `long tasks (> 50 ms) on the main thread: ${long.length}; max ${max.toFixed(1)} ms (budget: none, i.e. max < 50 ms)`,
);
console.log(
  `baseline with no frames (${Math.min(DURATION, 5)} s): ${idle.length} long tasks, max ${idleMax.toFixed(1)} ms`,
);
await browser.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
