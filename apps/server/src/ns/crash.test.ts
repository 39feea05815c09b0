import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { abpSession } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, TestGateway } from '../../test/gateway';
import { freshDatabase, onPostgres } from '../../test/harness';
import { freePort, until } from '../../test/server-process';

const MAIN = new URL('../main.ts', import.meta.url).pathname;

/** The real server process (src/main.ts), as `npm start` runs it minus the console build. */
function startMain(env: Record<string, string>) {
  let log = '';
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'crash-pass-1',
      LOGIN_CAPTCHA: 'false',
      LOG_LEVEL: 'warn',
      DEDUP_WINDOW_MS: '30',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, exited, log: () => log };
}

describe('the server process', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('keeps the FCnt across kill -9: the replayed frame is refused after the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-crash-'));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      UDP_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    };
    if (onPostgres) {
      const fresh = await freshDatabase();
      await fresh.database.close();
      env.DATABASE_URL = fresh.url!;
      cleanups.push(() => fresh.drop());
    }
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const base = `http://127.0.0.1:${env.PORT}`;
    const api = async (token: string | undefined, method: string, url: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data?: any; amount?: number; token?: string };
    };
    const boot = async () => {
      const s = startMain(env);
      cleanups.push(() => void s.proc.kill('SIGKILL'));
      await until(async () => ((await fetch(`${base}/api/version`)).ok ? true : undefined));
      const token = (await api(undefined, 'POST', '/api/login', { name: 'admin', password: 'crash-pass-1' })).token!;
      return { s, token };
    };
    const d = abpDevice(9);
    const frame = abpSession(d);
    const gwID = 'c0ee400000000009';
    const history = (token: string) =>
      api(token, 'GET', `/api/device/lorawan/history?devEUI=${d.devEUI}`).then((r) => r.amount ?? 0);

    let { s, token } = await boot();
    const appID = (await api(token, 'POST', '/api/application/create', { appName: 'crash', productType: 'lorawan' }))
      .data.appID;
    expect((await api(token, 'POST', '/api/device/create', { appID, ...d })).code).toBe(0);
    expect(
      (
        await api(token, 'POST', '/api/gateway/create', {
          gwID,
          gwName: 'crash-gw',
          region: 'eu868',
          subnet: 'eu868-default',
          gwType: 'generic',
          txPower: 0,
        })
      ).code,
    ).toBe(0);
    let gw = await new TestGateway(gwID, Number(env.UDP_PORT)).open();
    gw.pull();
    await gw.waitFor((x) => x.kind === 'PULL_ACK');
    gw.push([rxpkOf(frame({ fCnt: 20 }))]);
    await until(async () => ((await history(token)) === 1 ? true : undefined), 10_000);

    s.proc.kill('SIGKILL');
    await s.exited;
    gw.close();

    ({ s, token } = await boot());
    gw = await new TestGateway(gwID, Number(env.UDP_PORT)).open();
    cleanups.push(() => gw.close());
    gw.pull();
    await gw.waitFor((x) => x.kind === 'PULL_ACK');
    gw.push([rxpkOf(frame({ fCnt: 20 }))]); // the replay
    await sleep(500);
    gw.push([rxpkOf(frame({ fCnt: 21 }))]);
    await until(async () => ((await history(token)) >= 2 ? true : undefined), 10_000);
    await sleep(300);
    expect(await history(token)).toBe(2);
    const status = await api(token, 'GET', `/api/device/status?devEUI=${d.devEUI}`);
    expect(status.data.fCntUp).toBe(22);
    s.proc.kill('SIGTERM');
    await s.exited;
  }, 180_000);

  it('stops with a one-line error when UDP_PORT is taken', async () => {
    const udp = dgram.createSocket('udp4');
    await new Promise<void>((r) => udp.bind(0, '127.0.0.1', () => r()));
    const udpPort = udp.address().port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-udp-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const s = startMain({
      PORT: String(await freePort()),
      UDP_PORT: String(udpPort),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    });
    const code = await s.exited;
    udp.close();
    expect(code).toBe(1);
    expect(s.log()).toContain(`error: UDP_PORT ${udpPort} is already in use; set UDP_PORT to a free port`);
  }, 120_000);
});
