import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { Api, signInFailure } from './api';
import { type SimEvent, startSimulation } from './sim';

/** A real server: HTTP on a free port, the UDP bridge on another. */
describe('simulator against a running server', () => {
  let t: TestApp;
  let url: string;
  let udp: string;

  beforeAll(async () => {
    t = await createTestApp({
      UDP_PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DEDUP_WINDOW_MS: '100',
      // The push endpoint of the last test listens on 127.0.0.1.
      PUSH_ALLOW_PRIVATE: 'true',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const start of t.services.starters) await start();
    const addr = t.app.server.address() as { port: number };
    url = `http://127.0.0.1:${addr.port}`;
    udp = `127.0.0.1:${t.services.dataPlane.bridge.port}`;
  }, 60_000);
  afterAll(() => t?.close());

  it('says why a sign-in failed: a wrong password is named as such, not blamed on the captcha', async () => {
    await expect(new Api({ url, user: 'admin', password: 'not-the-password' }).signIn()).rejects.toThrow(
      'sign-in as admin failed: wrong password for admin',
    );
    expect(signInFailure('admin', { code: 1007, field: 'digest' })).toContain('asks for the login captcha');
  });

  it('joins OTAA devices, sends ABP and OTAA uplinks heard by several gateways, and the server stores them', async () => {
    const events: SimEvent[] = [];
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'sim-test',
      gateways: 3,
      devices: 4,
      interval: 1,
      uplinks: 3,
      confirmedShare: 0.5,
      prefix: 'ab01',
      onEvent: (e) => events.push(e),
    });
    try {
      const c = await Promise.race([
        sim.done,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(JSON.stringify(sim.counters))), 40_000)),
      ]);
      expect(c.joins).toBe(2);
      expect(c.joinFailures).toBe(0);
      expect(c.uplinks).toBe(12);
      expect(c.receptions).toBeGreaterThan(c.uplinks); // several gateways hear most frames
      expect(c.txAcks).toBeGreaterThanOrEqual(2); // join-accepts at least, each answered with TX_ACK
      expect(events.filter((e) => e.type === 'join-accept')).toHaveLength(2);
      // The server acknowledges confirmed uplinks with a downlink the device opens.
      expect(c.uplinksAcked).toBe(c.confirmedUplinks);
    } finally {
      await sim.stop();
    }

    const token = await t.login();
    for (const dev of sim.devices) {
      const status = await t.call(token, 'GET', '/api/device/status', { devEUI: dev.devEUI });
      expect(status.body.code).toBe(0);
      expect(status.body.data.lastSeen).toBeGreaterThan(0);
      const history = await t.call(token, 'GET', '/api/device/history', { devEUI: dev.devEUI, pageSize: '50' });
      const uplinks = (history.body.data as { type: string; data: string }[]).filter((m) => m.type === 'uplink');
      expect(uplinks.length).toBe(3);
      expect(uplinks[0]!.data).toMatch(/^[0-9a-f]{8}$/);
    }
  }, 60_000);

  it('reuses what a previous run created and ACKs a confirmed downlink in its next uplink', async () => {
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'sim-test',
      gateways: 3,
      devices: 2,
      interval: 1,
      uplinks: 4,
      confirmedShare: 0,
      prefix: 'ab01',
    });
    try {
      expect(sim.provisioned.created).toEqual({ app: false, gateways: 0, devices: 0 });
      // The ABP device continues its frame counter; queue a confirmed downlink for it.
      const abp = sim.devices.find((d) => d.spec.authType === 'abp')!;
      expect(abp.fCntUp).toBeGreaterThan(0);
      const token = await t.login();
      const queued = await t.call(token, 'POST', '/api/device/downlink/create', {
        devEUI: abp.devEUI,
        fport: 7,
        data: 'c0ffee',
        confirmed: 1,
      });
      expect(queued.body.code).toBe(0);
      const c = await sim.waitFor((x) => x.confirmedDownlinks >= 1 && x.downlinkAcksSent >= 1, 30_000);
      expect(c.downlinks).toBeGreaterThanOrEqual(1);
      await sim.done;
    } finally {
      await sim.stop();
    }
  }, 60_000);

  it("pushes the simulated uplinks to the application's push URL and its MQTT topics", async () => {
    const received: { path: string; body: any }[] = [];
    const hook = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(data) });
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/lns`;
    const token = await t.login();
    const created = await t.call(token, 'POST', '/api/application/create', {
      appName: 'sim-push',
      pushUrls: [hookUrl],
      enableMQTT: true,
    });
    const appID = created.body.data.appID as number;
    const info = (await t.call(token, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    const mq = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.integrations.broker!.port}`, {
      username: info.mqName,
      password: info.mqPassword,
      reconnectPeriod: 0,
    });
    const topics: string[] = [];
    mq.on('message', (topic) => topics.push(topic));
    await mq.subscribeAsync(`application/${appID}/#`);

    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'sim-push',
      gateways: 2,
      devices: 2,
      interval: 1,
      uplinks: 2,
      confirmedShare: 0,
      prefix: 'ab02',
    });
    try {
      await sim.done;
      const until = Date.now() + 5000;
      while (received.filter((r) => r.path === '/lns/uplink').length < 4 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await sim.stop();
      await mq.endAsync();
      hook.close();
    }
    const ups = received.filter((r) => r.path === '/lns/uplink');
    expect(ups).toHaveLength(4);
    expect(received.filter((r) => r.path === '/lns/join')).toHaveLength(1);
    for (const u of ups) {
      expect(u.body).toMatchObject({ type: 'uplink', appID, fPort: 2 });
      expect(u.body.payload).toMatch(/^[0-9a-f]{8}$/);
      expect(u.body.rxInfo.length).toBeGreaterThanOrEqual(1);
      expect(u.body.rxInfo[0]).toEqual(expect.objectContaining({ rssi: expect.any(Number), snr: expect.any(Number) }));
    }
    expect(topics.filter((tp) => tp.endsWith('/event/up'))).toHaveLength(4);
    expect(topics.filter((tp) => tp.endsWith('/event/join'))).toHaveLength(1);
  }, 60_000);
});
