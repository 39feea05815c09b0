import { openDataFrame } from '@lns/lorawan/frames';
import type { Datagram } from '@lns/semtech-udp/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, TestGateway } from '../../test/gateway';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness';
import type { DataPlane } from './dataplane';

/**
 * Two instances sharing Redis, as behind a UDP load balancer that sent the gateway's uplinks to
 * one and its PULL_DATA to the other: the downlink still reaches the gateway.
 */
describe('downlinks across two instances', () => {
  const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', DEDUP_WINDOW_MS: '60' };
  let a: TestApp;
  let b: TestApp;
  let dpA: DataPlane;
  let up: TestGateway;
  let down: TestGateway;
  // A gateway EUI of its own per run: the Redis bus is shared with other suites.
  const gwID = `a84041${Math.floor(Math.random() * 0xffffffffff)
    .toString(16)
    .padStart(10, '0')}`;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    const [sa, sb] = await Promise.all([startDataPlane(a), startDataPlane(b)]);
    dpA = sa.dp;
    // Each instance has its own embedded database here, so the gateway is registered in both.
    for (const t of [a, b]) {
      const admin = await t.login();
      const gw = { gwID, gwName: 'split', region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
      expect((await t.call(admin, 'POST', '/api/gateway/create', gw)).body.code).toBe(0);
    }
    up = await new TestGateway(gwID, sa.port).open();
    down = await new TestGateway(gwID, sb.port).open();
    down.pull();
    await down.waitFor((d) => d.kind === 'PULL_ACK');
    for (let i = 0; i < 100 && !dpA.sender.canReach(gwID); i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    up?.close();
    down?.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('instance A learns that the gateway pulls from B and hands its class A downlink over', async () => {
    expect(dpA.sender.canReach(gwID)).toBe(true);
    const admin = await a.login();
    const appID = (await a.call(admin, 'POST', '/api/application/create', { appName: 'split-app' })).body.data.appID;
    const d = abpDevice(9001);
    expect((await a.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    const enq = await a.call(admin, 'POST', '/api/device/downlink/create', {
      devEUI: d.devEUI,
      fport: 8,
      data: 'c0ffee',
      confirmed: false,
    });
    expect(enq.body.code).toBe(0);

    up.push([rxpkOf(abpSession(d)({ fCnt: 1 }), { tmst: 5_000_000 })]);
    const resp = (await down.waitFor((x: Datagram) => x.kind === 'PULL_RESP', 3000, true)) as Datagram & {
      kind: 'PULL_RESP';
    };
    expect(resp.txpk).toMatchObject({ tmst: 6_000_000, freq: 868.1 });
    const f = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      fCnt: 0,
    });
    expect(f.micValid).toBe(true);
    expect(f.payload?.toString('hex')).toBe('c0ffee');
    // Nothing went to the uplink path's socket.
    expect(up.pullResps()).toHaveLength(0);
    // The record on A says sent, through B's gateway.
    const hist = await a.call(admin, 'GET', '/api/device/downlink/history', { devEUI: d.devEUI });
    expect(hist.body.data[0]).toMatchObject({ status: 1, gwID });
  });
});

/** A real cluster shares its PostgreSQL: the TX_ACK taken by B completes the record A wrote. */
describe.skipIf(!onPostgres)('downlink TX_ACK across two instances on one PostgreSQL', () => {
  it('B sends the PULL_RESP A handed over and records its TX_ACK', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', DEDUP_WINDOW_MS: '60' };
    const a = await createTestApp(env);
    const b = await createTestApp(env, { shareDatabaseOf: a });
    const gwID = `a84042${Math.floor(Math.random() * 0xffffffffff)
      .toString(16)
      .padStart(10, '0')}`;
    const [sa, sb] = await Promise.all([startDataPlane(a), startDataPlane(b)]);
    const up = await new TestGateway(gwID, sa.port).open();
    const down = await new TestGateway(gwID, sb.port).open();
    try {
      const admin = await a.login();
      const gw = { gwID, gwName: 'shared', region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
      expect((await a.call(admin, 'POST', '/api/gateway/create', gw)).body.code).toBe(0);
      down.pull();
      await down.waitFor((d) => d.kind === 'PULL_ACK');
      for (let i = 0; i < 100 && !sa.dp.sender.canReach(gwID); i++) await new Promise((r) => setTimeout(r, 20));
      const appID = (await a.call(admin, 'POST', '/api/application/create', { appName: 'shared' })).body.data.appID;
      const d = abpDevice(9002);
      expect((await a.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
      const body = { devEUI: d.devEUI, fport: 9, data: '01', confirmed: false };
      expect((await a.call(admin, 'POST', '/api/device/downlink/create', body)).body.code).toBe(0);

      up.push([rxpkOf(abpSession(d)({ fCnt: 1 }))]);
      const resp = (await down.waitFor((x) => x.kind === 'PULL_RESP', 3000, true)) as Datagram & { kind: 'PULL_RESP' };
      down.txAck(resp.token, 'NONE');
      let rec: Record<string, unknown> | undefined;
      for (let i = 0; i < 100; i++) {
        rec = (await a.call(admin, 'GET', '/api/device/downlink/history', { devEUI: d.devEUI })).body.data[0];
        if (rec?.delivery === 'success') break;
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(rec).toMatchObject({ status: 2, delivery: 'success', gwID });
    } finally {
      up.close();
      down.close();
      await b.close();
      await a.close();
    }
  });
});
