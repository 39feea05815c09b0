import { deviceDataApi } from '@lns/contract/api/device-data';
import { downlinkApi } from '@lns/contract/api/downlinks';
import { RELAY_LINK } from '@lns/contract/relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type SimEvent, startSimulation } from './sim';

/** Resolves with the first event `pred` accepts (events are pushed by the simulation as they happen). */
function eventWaiter() {
  const waiters: { pred: (e: SimEvent) => boolean; resolve: (e: SimEvent) => void }[] = [];
  const onEvent = (e: SimEvent) => {
    for (const w of [...waiters])
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  };
  const next = (what: string, pred: (e: SimEvent) => boolean, ms = 30_000) =>
    new Promise<SimEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  return { onEvent, next };
}

/** A real server, one gateway, a simulated TS011 relay and an end-device only the relay hears, over Semtech UDP. */
describe('relay end to end with the simulator', () => {
  let t: TestApp;
  let url: string;
  let udp: string;

  beforeAll(async () => {
    t = await createTestApp({ UDP_PORT: '0', MQTT_PORT: '0', HOST: '127.0.0.1', DEDUP_WINDOW_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const start of t.services.starters) await start();
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    udp = `127.0.0.1:${t.services.dataPlane.bridge.port}`;
  }, 60_000);
  afterAll(() => t?.close());

  it('an end-device out of every gateway reach joins, sends and gets its downlink through the relay', async () => {
    const w = eventWaiter();
    const events: SimEvent[] = [];
    // Device 0 (ABP) is the relay; device 1 (OTAA) is heard by the relay only.
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'relay-sim',
      gateways: 1,
      devices: 2,
      otaaShare: 0.5,
      interval: 1.5,
      confirmedShare: 1,
      prefix: 'ab22',
      relay: { slaves: 1 },
      onEvent: (e) => {
        events.push(e);
        w.onEvent(e);
      },
    });
    try {
      const [relayDev, slave] = sim.devices;
      expect(relayDev!.spec.authType).toBe('abp');
      expect(slave!.spec.authType).toBe('otaa');
      const slaveEUI = slave!.devEUI;
      const mine = (type: string, text: string | RegExp) => (e: SimEvent) =>
        e.type === type &&
        e.devEUI === slaveEUI &&
        (typeof text === 'string' ? e.text.includes(text) : text.test(e.text));

      await w.next('relayed join-accept', mine('join-accept', 'joined'));
      // A confirmed uplink of the end-device is acknowledged through the relay.
      // (" ACK", not the "(ACK in the next uplink)" of a confirmed downlink.)
      await w.next('ACK through the relay', mine('downlink', / ACK( |$)/));

      const token = await t.login();
      const call = (method: 'GET' | 'POST', path: string, data: Record<string, unknown>) =>
        t.call(token, method, path, data).then((r) => r.body);
      const delivered = w.next('queued downlink through the relay', mine('downlink', 'port 7 beef01'));
      const queued = await call('POST', downlinkApi.create.path, {
        devEUI: slaveEUI,
        fport: 7,
        data: 'beef01',
        confirmed: false,
      });
      expect(queued.code).toBe(0);
      await delivered;

      const frames = (await call('GET', deviceDataApi.lorawanHistory.path, { devEUI: slaveEUI })).data as {
        uplink: boolean;
        link?: number;
        relayDevEUI?: string;
      }[];
      const ups = frames.filter((f) => f.uplink);
      expect(ups.length).toBeGreaterThanOrEqual(2);
      for (const f of ups) expect(f).toMatchObject({ link: RELAY_LINK.RELAY, relayDevEUI: relayDev!.devEUI });
      const msgs = (await call('GET', deviceDataApi.history.path, { devEUI: slaveEUI })).data as {
        type: string;
        link?: number;
        relayDevEUI?: string;
      }[];
      expect(msgs.filter((m) => m.type === 'uplink').length).toBeGreaterThanOrEqual(1);
      for (const m of msgs) expect(m).toMatchObject({ link: RELAY_LINK.RELAY, relayDevEUI: relayDev!.devEUI });
      // The relay's own frames were heard by the gateway directly.
      const relayMsgs = (await call('GET', deviceDataApi.history.path, { devEUI: relayDev!.devEUI })).data as {
        link?: number;
      }[];
      for (const m of relayMsgs) expect(m.link).toBeUndefined();
      expect(sim.counters.relayedUplinks).toBeGreaterThanOrEqual(2);
      expect(sim.counters.relayedDownlinks).toBeGreaterThanOrEqual(3);
      expect(sim.counters.unmatchedDownlinks).toBe(0);
      // The gateway never heard the end-device itself: every one of its frames went through the relay.
      expect(
        events
          .filter((e) => e.devEUI === slaveEUI && e.type === 'uplink')
          .every((e) => e.text.includes('through relay')),
      ).toBe(true);
    } finally {
      await sim.stop();
    }
  }, 120_000);
});
