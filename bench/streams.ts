/**
 * Live streams under load: 500 WebSocket clients, each watching its own device's protocol
 * stream, while the data plane publishes 1,000 frames/s in total (round robin over the
 * devices) for DURATION seconds. Delivery time = client receive − publish (one wall clock).
 * The clients run in a worker thread so their parsing does not share the server's event loop.
 * Budget: p99 ≤ 100 ms. BENCH_REDIS=redis://127.0.0.1:6379 runs it through the Redis bus.
 *
 * Run: npx tsx bench/streams.ts   (CLIENTS=500 RATE=1000 DURATION=10)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { authApi } from '@lns/contract/api/auth';

const CLIENTS = Number(process.env.CLIENTS ?? 500);
const RATE = Number(process.env.RATE ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const now = () => performance.timeOrigin + performance.now();

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

{
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { topics } = await import('../apps/server/src/bus/bus');
  const { seedApp, seedDevice } = await import('../apps/server/test/stream-fixtures');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-ws-'));
  const config = loadConfig({
    ADMIN_PASSWORD: 'meadow-lantern-42',
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'none'),
    UDP_PORT: '0',
    MQTT_PORT: '0',
    ...(process.env.BENCH_REDIS ? { REDIS_URL: process.env.BENCH_REDIS } : {}),
  });
  const database = await openDatabase({});
  const { app, services } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const token = (
    await app.inject({
      method: 'POST',
      url: authApi.login.path,
      payload: { name: 'admin', password: 'meadow-lantern-42' },
    })
  ).json().token as string;
  const appId = await seedApp(services.db, 1);
  const euis: string[] = [];
  for (let i = 0; i < CLIENTS; i++) euis.push(await seedDevice(services.db, appId, 1));

  const worker = new Worker(new URL('./streams-clients.mjs', import.meta.url), {
    workerData: { url: `ws://127.0.0.1:${port}`, token, euis },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  console.log(
    `${CLIENTS} clients connected; publishing ${RATE} frames/s for ${DURATION} s${process.env.BENCH_REDIS ? ' (Redis bus)' : ''}`,
  );

  const frame = (devEUI: string, seq: number) => ({
    kind: 'protocol' as const,
    data: {
      msgID: `b${seq}`,
      createtime: Date.now(),
      devEUI,
      devAddr: '26011bda',
      msgType: 2,
      uplink: true,
      confirmed: false,
      fCnt: seq,
      fPort: 10,
      phy: '4026011bda800100010a6a3a6a3d4f2c1e0b7c2d9a',
      data: '6a3a6a3d4f2c1e0b',
      macCommands: [],
      adr: true,
      gwID: '0016c001ff10a235',
      sf: 7,
      bw: 125,
      freq: 868100000,
      rssi: -57,
      snr: 9.5,
      rxInfo: [{ gwID: '0016c001ff10a235', rssi: -57, snr: 9.5, tmst: 1234567, freq: 868100000 }],
      t: now(),
    },
  });

  let seq = 0;
  const tickMs = 10;
  const perTick = (RATE * tickMs) / 1000;
  const start = now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      // Catch up on timer drift so the average rate holds.
      const due = Math.min(RATE * DURATION, Math.floor(((now() - start) / 1000) * RATE));
      const n = Math.max(perTick, due - seq);
      for (let i = 0; i < n && seq < RATE * DURATION; i++, seq++) {
        const eui = euis[seq % euis.length]!;
        services.bus.publish(topics.deviceProtocol(eui), frame(eui, seq));
      }
      if (seq >= RATE * DURATION) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  const elapsed = (now() - start) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  worker.postMessage('done');
  const r = await new Promise<{ latencies: number[]; dropped: number }>((resolve) => worker.once('message', resolve));
  const sorted = r.latencies.sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(1);
  console.log(
    `published ${seq} frames in ${elapsed.toFixed(1)} s (${Math.round(seq / elapsed)}/s), delivered ${sorted.length}, dropped ${r.dropped}`,
  );
  console.log(
    `delivery ms: p50 ${f(pct(sorted, 50))}  p95 ${f(pct(sorted, 95))}  p99 ${f(pct(sorted, 99))}  max ${f(sorted.at(-1) ?? 0)}  (budget p99 ≤ 100)`,
  );
  await worker.terminate();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
