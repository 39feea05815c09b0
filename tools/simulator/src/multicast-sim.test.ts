import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type SimEvent, startSimulation } from './sim';

const GEN_APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const until = async <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** A real server and 20 simulated devices over Semtech UDP: remote setup, then one class C multicast frame. */
describe('multicast end to end with the simulator', () => {
  let t: TestApp;
  let url: string;
  let udp: string;

  beforeAll(async () => {
    t = await createTestApp({
      UDP_PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DEDUP_WINDOW_MS: '100',
      MC_SESSION_LEAD_S: '2',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const start of t.services.starters) await start();
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    udp = `127.0.0.1:${t.services.dataPlane.bridge.port}`;
  }, 60_000);
  afterAll(() => t?.close());

  it('20 devices are set up through TS005 and each takes one class C frame sent by two gateways once', async () => {
    const events: SimEvent[] = [];
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'mc-sim',
      gateways: 2,
      devices: 20,
      interval: 1,
      confirmedShare: 0,
      prefix: 'ab02',
      genAppKey: GEN_APP_KEY,
      onEvent: (e) => events.push(e),
    });
    try {
      await sim.waitFor((c) => c.joins === 10, 40_000);
      const token = await t.login();
      const call = (method: 'GET' | 'POST', path: string, data: Record<string, unknown>) =>
        t.call(token, method, path, data).then((r) => r.body);
      const mcEUI = 'ab02000000000001';
      const group = {
        mcName: 'sim street lights',
        mcEUI,
        region: 'eu868',
        enableMCRemote: true,
        groupID: 2,
        genAppKey: GEN_APP_KEY,
        mcAddr: '01ab0201',
      };
      expect((await call('POST', '/api/mcgroup/create', group)).code).toBe(0);
      const devEUIs = sim.devices.map((d) => d.devEUI);
      expect((await call('POST', '/api/mcdevice/create', { mcEUI, devEUIs })).code).toBe(0);
      expect((await call('POST', '/api/mcgateway/create', { mcEUI, gwIDs: sim.provisioned.gwIDs })).code).toBe(0);

      await until(
        'members joined',
        () => call('GET', '/api/mcgroup/status', { mcEUI }),
        (s) => s.data.states.joined === 20,
      );
      // Each session starts MC_SESSION_LEAD_S (2 s) after its request, which left before the answer came.
      await new Promise((r) => setTimeout(r, 2500));

      const sent = await call('POST', '/api/mcdownlink/create', { mcEUI, fPort: 10, data: 'c0ffee' });
      expect(sent).toMatchObject({ code: 0, data: { fCnt: 0, gatewayNums: 2 } });
      const c = await sim.waitFor((x) => x.multicastFrames >= 20 && x.multicastDuplicates >= 20, 20_000);
      expect(c.multicastFrames).toBe(20);
      expect(c.multicastDuplicates).toBe(20);
      // Every device is in range of both gateways at RX2 (SF12) and listening: nothing dropped or unmatched.
      expect(c.multicastOutOfRange).toBe(0);
      expect(c.multicastIgnored).toBe(0);
      expect(c.unmatchedDownlinks).toBe(0);
      const got = events.filter(
        (e) => e.type === 'multicast' && e.text.includes('multicast 01ab0201 fcnt 0 port 10: c0ffee'),
      );
      expect(new Set(got.map((e) => e.devEUI))).toEqual(new Set(devEUIs));
    } finally {
      await sim.stop();
    }
  }, 120_000);
});
