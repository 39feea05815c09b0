import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { formatSummary } from './format';
import { type SimEvent, type SimulationHandle, startSimulation } from './sim';

const until = async <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** `--link mqtt` and `mixed`: the simulated forwarders reach a real server through a gateway agent each. */
describe('simulator gateways through the gateway agent (MQTT link)', () => {
  let t: TestApp;
  let url: string;
  let udp: string;
  let mqtt: string;
  let admin: string;
  const get = async (path: string, query: Record<string, unknown>) => {
    const res = await t.call(admin, 'GET', path, query);
    expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(0);
    return res.body.data;
  };
  const uplinksOf = async (devEUI: string) =>
    (
      (await get('/api/device/history', { devEUI, pageSize: '50' })) as { type: string; rxInfo: { gwID: string }[] }[]
    ).filter((m) => m.type === 'uplink');

  beforeAll(async () => {
    t = await createTestApp({ UDP_PORT: '0', MQTT_PORT: '0', HOST: '127.0.0.1', DEDUP_WINDOW_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const start of t.services.starters) await start();
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    udp = `127.0.0.1:${t.services.dataPlane.bridge.port}`;
    // The test server's broker is on an ephemeral port, which the credentials' address (MQTT_PORT 0) does not say.
    mqtt = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
    admin = await t.login();
  }, 120_000);
  afterAll(() => t?.close());

  const run = (prefix: string, link: 'mqtt' | 'mixed', events: SimEvent[], uplinks: number) =>
    startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      link,
      mqtt,
      app: `sim-${link}`,
      gateways: 2,
      devices: 2,
      interval: 1,
      uplinks,
      confirmedShare: 0.5,
      prefix,
      onEvent: (e) => events.push(e),
    });

  it('2 gateways over MQTT: devices join, uplinks are accepted, a confirmed downlink is acknowledged', async () => {
    const events: SimEvent[] = [];
    const sim: SimulationHandle = await run('ab11', 'mqtt', events, 5);
    try {
      expect(sim.links).toEqual({ mode: 'mqtt', udp: 0, mqtt: 2, broker: mqtt });
      expect(sim.gateways.map((g) => g.link)).toEqual(['mqtt', 'mqtt']);
      const abp = sim.devices.find((d) => d.spec.authType === 'abp')!;
      const queued = await t.call(admin, 'POST', '/api/device/downlink/create', {
        devEUI: abp.devEUI,
        fport: 7,
        data: 'c0ffee',
        confirmed: 1,
      });
      expect(queued.body.code).toBe(0);
      const c = await sim.waitFor((x) => x.joins === 1 && x.confirmedDownlinks >= 1 && x.downlinkAcksSent >= 1, 40_000);
      expect(c.joinFailures).toBe(0);
      expect(c.txAcks).toBeGreaterThanOrEqual(2); // the join-accept and the confirmed downlink, at least
      await sim.done;
      expect(sim.counters.uplinks).toBe(10);
      expect(sim.counters.uplinksAcked).toBe(sim.counters.confirmedUplinks);
      expect(sim.counters.errors).toBe(0);
      const summary = formatSummary(sim.counters, 1, 2, 2, sim.links);
      expect(summary).toContain(`link           MQTT through a gateway agent each to ${mqtt}`);
    } finally {
      await sim.stop();
    }
    expect(events.find((e) => e.type === 'provisioned')?.text).toContain('link MQTT through a gateway agent each');
    expect(events.some((e) => e.type === 'agent' && /mqtt: connected to/.test(e.text))).toBe(true);

    for (const gw of sim.gateways) {
      expect(await get('/api/gateway/status/online', { gwID: gw.gwID })).toMatchObject({ link: 'MQTT' });
      // Its agent reported the host it runs on.
      const system = await until(
        'status/system',
        () => get('/api/gateway/status/system', { gwID: gw.gwID }),
        (s) => typeof s.cpuUsage === 'number',
      );
      expect(system.memUsage).toBeGreaterThan(0);
    }
    for (const dev of sim.devices) {
      // The last one may still be in the de-duplication window.
      const ups = await until(
        'uplinks',
        () => uplinksOf(dev.devEUI),
        (u) => u.length >= 5,
      );
      expect(ups).toHaveLength(5);
    }
    const abp = sim.devices.find((d) => d.spec.authType === 'abp')!;
    const downs = await get('/api/device/downlink/history', { devEUI: abp.devEUI });
    expect(downs.find((d: { data: string }) => d.data === 'c0ffee')).toMatchObject({
      confirmed: true,
      status: DOWNLINK_STATUS.CONFIRMED,
      ack: 'ACK',
      delivery: 'success',
    });
    // A clean stop says OFFLINE: the server marks the gateways offline.
    for (const gw of sim.gateways)
      await until(
        'offline after stop',
        () => get('/api/gateway/status/online', { gwID: gw.gwID }),
        (o) => o.online === false,
      );
  }, 90_000);

  it('mixed: one gateway on each link, one uplink heard over both is one uplink', async () => {
    const events: SimEvent[] = [];
    const sim = await run('ab12', 'mixed', events, 3);
    try {
      expect(sim.links).toMatchObject({ mode: 'mixed', udp: 1, mqtt: 1 });
      await sim.done;
      expect(sim.counters).toMatchObject({ joins: 1, joinFailures: 0, uplinks: 6, errors: 0 });
      expect(sim.counters.uplinksAcked).toBe(sim.counters.confirmedUplinks);
    } finally {
      await sim.stop();
    }
    const [udpGw, mqttGw] = sim.gateways;
    expect([udpGw!.link, mqttGw!.link]).toEqual(['udp', 'mqtt']);
    expect((await get('/api/gateway/status/online', { gwID: udpGw!.gwID })).link).toBe('PFUDP');
    expect((await get('/api/gateway/status/online', { gwID: mqttGw!.gwID })).link).toBe('MQTT');
    const heardBy = new Set<string>();
    for (const dev of sim.devices) {
      const ups = await until(
        'uplinks',
        () => uplinksOf(dev.devEUI),
        (u) => u.length >= 3,
      );
      expect(ups).toHaveLength(3);
      for (const u of ups) for (const r of u.rxInfo) heardBy.add(r.gwID);
    }
    expect([...heardBy].sort()).toEqual([udpGw!.gwID, mqttGw!.gwID].sort());
  }, 90_000);
});
