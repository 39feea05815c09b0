import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { applicationApi } from '@lns/contract/api/applications';
import { authApi } from '@lns/contract/api/auth';
import { deviceDataApi } from '@lns/contract/api/device-data';
import { deviceApi } from '@lns/contract/api/devices';
import { downlinkApi } from '@lns/contract/api/downlinks';
import { gatewayApi } from '@lns/contract/api/gateways';
import { openDataFrame } from '@lns/lorawan/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession } from './dataplane-kit';
import { abpDevice } from './devices-fixtures';
import { rxpkOf, TestGateway } from './gateway';
import { freshDatabase, onPostgres } from './harness';
import { freePort, until } from './server-process';
import { client } from './stream-client';

/**
 * docs/deployment.md as a user runs it: `npm run cluster` (scripts/cluster.mjs) starts two
 * instances on one PostgreSQL, Redis and Mosquitto behind Debian's nginx, and everything below
 * goes through nginx's two ports, except where an instance is named on purpose.
 */
describe.skipIf(!onPostgres)('two instances behind nginx (npm run cluster)', () => {
  const PASSWORD = 'cluster-pass-4';
  let proc: ChildProcess;
  let log = '';
  let drop = async () => {};
  let dir = '';
  const port = { http: 0, udp: 0, instanceHttp: 0, instanceUdp: 0 };
  const pids: number[] = [];
  const gateways: TestGateway[] = [];
  let token = '';

  const api = async (base: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data?: any; token?: string };
  };
  const nginx = () => `http://127.0.0.1:${port.http}`;
  const instance = (i: number) => `http://127.0.0.1:${port.instanceHttp + i}`;
  /** Datagrams instance i (1, 2) has read from gateways. */
  const datagrams = async (i: number) => {
    const text = await (await fetch(`${instance(i)}/metrics`)).text();
    return text
      .split('\n')
      .filter((l) => l.startsWith('lns_udp_datagrams_total'))
      .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
  };

  beforeAll(async () => {
    const db = await freshDatabase();
    await db.database.close();
    drop = db.drop;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-cluster-'));
    port.http = await freePort();
    port.udp = await freePort();
    // Instance i listens on base + i: a random base well away from the ports freePort hands out.
    port.instanceHttp = 20_000 + Math.floor(Math.random() * 10_000);
    port.instanceUdp = port.instanceHttp + 100;
    proc = spawn(
      process.execPath,
      [
        'scripts/cluster.mjs',
        '--instances',
        '2',
        ...['--http', String(port.http), '--udp', String(port.udp)],
        ...['--instance-http', String(port.instanceHttp), '--instance-udp', String(port.instanceUdp)],
        ...['--dir', dir],
      ],
      {
        cwd: new URL('../../..', import.meta.url).pathname,
        env: {
          ...process.env,
          DATABASE_URL: db.url!,
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          MQTT_URL: process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
          // Each run its own shared-subscription group on the shared Mosquitto.
          MQTT_SHARED_GROUP: `cluster-${process.pid}`,
          CONSOLE_DIR: dir,
          ADMIN_PASSWORD: PASSWORD,
          LOGIN_CAPTCHA: 'false',
          LOG_LEVEL: 'warn',
          DEDUP_WINDOW_MS: '30',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const collect = (b: Buffer) => {
      log += b.toString();
      for (const m of b.toString().matchAll(/instance \d \(pid (\d+)\)/g)) pids.push(Number(m[1]));
    };
    proc.stdout!.on('data', collect);
    proc.stderr!.on('data', collect);
    await until(async () => (log.includes('nginx: console') ? true : undefined), 90_000).catch(() => {
      throw new Error(`the cluster did not start:\n${log}`);
    });
    const login = await api(nginx(), 'POST', authApi.login.path, { name: 'admin', password: PASSWORD });
    expect(login.code, log).toBe(0);
    token = login.token!;
  }, 120_000);

  afterAll(async () => {
    for (const g of gateways) g.close();
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A gateway at its own loopback address whose datagrams nginx hashes to instance `want`. */
  async function gatewayOn(want: 1 | 2, gwID: string): Promise<TestGateway> {
    for (let host = 1; host < 60; host++) {
      const gw = await new TestGateway(gwID, port.udp).open(`127.0.${want + 2}.${host}`);
      const before = await datagrams(want);
      gw.pull();
      await gw.waitFor((d) => d.kind === 'PULL_ACK', 5000);
      if ((await datagrams(want)) > before) {
        gateways.push(gw);
        return gw;
      }
      gw.close();
    }
    throw new Error(`no address hashed to instance ${want}`);
  }

  it('spreads gateways by address, carries a frame to a stream on the other instance and a downlink queued on one out through the other', async () => {
    const appID = (await api(nginx(), 'POST', applicationApi.create.path, { appName: 'cluster' })).data.appID;
    const ids = ['c1a5700000000001', 'c1a5700000000002'];
    for (const gwID of ids) {
      const gw = { gwID, gwName: gwID, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
      expect((await api(nginx(), 'POST', gatewayApi.create.path, gw)).code).toBe(0);
    }
    const onA = await gatewayOn(1, ids[0]!);
    await gatewayOn(2, ids[1]!);
    const d = abpDevice(7101);
    expect((await api(nginx(), 'POST', deviceApi.create.path, { appID, ...d })).code).toBe(0);

    // A live stream opened on instance 2 sees the uplink instance 1 took.
    const ws = `ws://127.0.0.1:${port.instanceHttp + 2}/ws/device/protocol?devEUI=${d.devEUI}`;
    const stream = await client(ws, token);
    // A downlink queued through instance 2 leaves with instance 1's answer to the uplink.
    const queued = { devEUI: d.devEUI, fport: 7, data: 'cafe', confirmed: false };
    expect((await api(instance(2), 'POST', downlinkApi.create.path, queued)).code).toBe(0);

    onA.push([rxpkOf(abpSession(d)({ fCnt: 1 }), { tmst: 9_000_000 })]);
    let frame = JSON.parse(await stream.next(10_000));
    // The stream also tells of the queued downlink and its frame.
    while (!frame.data?.uplink) frame = JSON.parse(await stream.next(10_000));
    expect(frame.data).toMatchObject({ devEUI: d.devEUI, fCnt: 1, uplink: true });
    const resp = await onA.waitFor((x) => x.kind === 'PULL_RESP', 10_000);
    if (resp.kind !== 'PULL_RESP') throw new Error('not a PULL_RESP');
    const f = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    expect(f.micValid).toBe(true);
    expect(f.payload?.toString('hex')).toBe('cafe');
    stream.ws.close();
  });

  it('passes a request body larger than nginx keeps in memory (a batch of 2,000 devices, ~0.5 MB)', async () => {
    const appID = (await api(nginx(), 'POST', applicationApi.create.path, { appName: 'big-body' })).data.appID;
    const devices = Array.from({ length: 2000 }, (_, i) => abpDevice(30_000 + i));
    const res = await api(nginx(), 'POST', deviceApi.batchCreate.path, { appID, authType: 'abp', devices });
    expect(res.code).toBe(0);
  });

  it('loses no accepted uplink when an instance is killed under load, and its gateway carries on through the other', async () => {
    const appID = (await api(nginx(), 'POST', applicationApi.create.path, { appName: 'failover' })).data.appID;
    const gwID = 'c1a5700000000003';
    const gw = { gwID, gwName: gwID, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
    expect((await api(nginx(), 'POST', gatewayApi.create.path, gw)).code).toBe(0);
    const onA = await gatewayOn(1, gwID);
    const devices = Array.from({ length: 20 }, (_, i) => abpDevice(7200 + i));
    for (const d of devices) expect((await api(nginx(), 'POST', deviceApi.create.path, { appID, ...d })).code).toBe(0);

    // ~100 uplinks/s round the 20 devices for 15 s, instance 1 killed after 5 s; the stream on
    // instance 2 lists what was accepted.
    const stream = await client(`ws://127.0.0.1:${port.instanceHttp + 2}/ws/application?appID=${appID}`, token);
    const accepted = new Set<string>();
    const drain = (async () => {
      for (;;) {
        const m = JSON.parse(await stream.next(30_000).catch(() => 'null'));
        if (m === null) return;
        if (m.data?.devEUI) accepted.add(`${m.data.devEUI}/${m.data.fCnt}`);
      }
    })();
    const sent: { key: string; at: number }[] = [];
    const fCnt = new Map<string, number>();
    const start = Date.now();
    let killedAt = 0;
    for (let n = 0; Date.now() - start < 15_000; n++) {
      const d = devices[n % devices.length]!;
      const next = (fCnt.get(d.devEUI) ?? 0) + 1;
      fCnt.set(d.devEUI, next);
      onA.push([rxpkOf(abpSession(d)({ fCnt: next }), { tmst: (n * 10_000) >>> 0 })]);
      sent.push({ key: `${d.devEUI}/${next}`, at: Date.now() });
      if (!killedAt && Date.now() - start > 5_000) {
        process.kill(pids[0]!, 'SIGKILL');
        killedAt = Date.now();
      }
      await sleep(10);
    }
    const stored = async () => {
      const keys = new Set<string>();
      for (const d of devices) {
        const q = new URLSearchParams({ devEUI: d.devEUI, pageNo: '1', pageSize: '1000' });
        const h = await api(instance(2), 'GET', `${deviceDataApi.lorawanHistory.path}?${q}`);
        for (const r of h.data ?? []) if (r.uplink) keys.add(`${d.devEUI}/${r.fCnt}`);
      }
      return keys;
    };
    // The last uplink sent is taken by instance 2 (the gateway carries on through it).
    const last = sent.at(-1)!.key;
    await until(async () => ((await stored()).has(last) ? true : undefined), 20_000);
    stream.ws.close();
    await drain;
    // Stored by batch, not in the order sent: the last one stored does not mean all the others
    // are; wait (bounded) for every uplink the stream announced, then compare.
    const keys = await until(async () => {
      const k = await stored();
      return [...accepted].every((x) => k.has(x)) ? k : undefined;
    }, 20_000).catch(() => stored());
    expect(
      [...accepted].filter((k) => !keys.has(k)),
      'accepted (seen on the stream) but not stored',
    ).toEqual([]);
    const after = sent.filter((s) => s.at > killedAt);
    const back = after.find((s) => keys.has(s.key));
    const missed = after.filter((s) => !keys.has(s.key));
    const lateMisses = missed.filter((s) => back && s.at > back.at);
    console.log(
      `failover: ${sent.length} uplinks sent, ${keys.size} stored, ${accepted.size} seen on the stream; ` +
        `first uplink stored ${back ? back.at - killedAt : 'never'} ms after the kill, ${missed.length} lost after it ` +
        `(${lateMisses.length} of them after the first through instance 2)`,
    );
    expect(back).toBeDefined();
    // Once through instance 2, nginx keeps the gateway there, but tries the dead instance again
    // each fail_timeout (5 s): the datagrams in flight then (a few at 100/s) are lost.
    expect(lateMisses.length).toBeLessThanOrEqual(8);
  }, 90_000);
});
