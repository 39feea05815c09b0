import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import type { LadtpDevice } from './ladtp-device';
import type { Rhf3mr01Device } from './rhf3mr01-device';
import { type SimEvent, startSimulation } from './sim';

const until = async <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const RELAY_CONFIG = {
  joinDelayMin: 1000,
  joinDelayMax: 90000,
  joinDelaySteps: 6,
  hbDelayMin: 30000,
  hbDelayMax: 3600000,
  hbDelaySteps: 6,
  checkNetDelayMin: 5000,
  checkNetDelayMax: 600000,
  checkNetDelaySteps: 10,
  checkNetDelayNackMax: 3,
  checkNetDelayTimeout: 12,
};
const LADTP_CONFIG = {
  period: 2,
  baudrate: 19200,
  parity: 2,
  databits: 8,
  timeout: 10,
  isConfirmed: false,
  isReply: false,
  isSendTimeStap: true,
  isSubPacket: true,
};

/** A real server and a simulated relay, ladtp and plain device over Semtech UDP, speaking FPort 210 and 211. */
describe('relay and ladtp management end to end with the simulator', () => {
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

  it('the relay answers status, configuration and a bind; the ladtp confirms its settings and sends a 300-byte frame in pieces', async () => {
    const events: SimEvent[] = [];
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'relay-mgmt-sim',
      gateways: 1,
      devices: 3,
      interval: 2,
      confirmedShare: 0,
      otaaShare: 0,
      prefix: 'ab22',
      productTypes: ['rhf3mr01', 'rhf3m485', 'lorawan'],
      minuteMs: 1000,
      onEvent: (e) => events.push(e),
    });
    try {
      const [relay, ladtp, plain] = sim.devices.map((d) => d.devEUI) as [string, string, string];
      const token = await t.login();
      const call = (method: 'GET' | 'POST', path: string, data: Record<string, unknown>) =>
        t.call(token, method, `/api/relay/device/${path}`, data).then((r) => r.body);
      const request = (devEUI: string, kind: string) =>
        call('GET', 'config/info', { devEUI, kind }).then((b) => b.data[0] as { state: string; result: number | null });
      const closed = (devEUI: string, kind: string) =>
        until(
          `${kind} of ${devEUI}`,
          () => request(devEUI, kind),
          (r) => r?.state === 'done' || r?.state === 'refused',
        );

      // Status: asked, carried in the RX window of the relay's next uplink, answered a second later.
      expect((await call('POST', 'event/query', { devEUI: relay, query: 'status' })).code).toBe(0);
      expect(await closed(relay, 'status')).toMatchObject({ state: 'done', result: 0 });
      expect((await call('GET', 'status', { devEUI: relay })).data).toMatchObject({
        voltage: 3.62,
        battery: 87,
        wake: true,
      });

      // Configuration and modes: two requests, both confirmed; in effect on both sides.
      const posted = await call('POST', 'config', {
        devEUI: relay,
        config: RELAY_CONFIG,
        workMode: 2,
        backwardMode: 0,
      });
      expect(posted.code).toBe(0);
      expect(await closed(relay, 'configSet')).toMatchObject({ state: 'done' });
      expect(await closed(relay, 'mode')).toMatchObject({ state: 'done' });
      expect((await call('GET', 'config', { devEUI: relay })).data).toMatchObject({
        config: RELAY_CONFIG,
        modes: { workMode: 2, backwardMode: 0 },
        pending: null,
      });
      const simRelay = sim.devices[0]!.protocol as Rhf3mr01Device;
      expect(simRelay.config).toEqual(RELAY_CONFIG);

      // Bind: the slave is updating until the relay answers, then bound on both sides.
      expect((await call('POST', 'bind', { devEUI: relay, slaveDevEUIs: [plain] })).data.done).toEqual([plain]);
      await until(
        'slave bound',
        () => call('GET', 'slave/list', { devEUI: relay }),
        (b) => b.data[0]?.status === 1,
      );
      expect(simRelay.slaves.get(plain)).toMatchObject({ status: 1 });
      const rec = await call('GET', 'status/record', { devEUI: relay, orderType: 'asc' });
      expect(rec.data.map((r: { from: number | null; to: number }) => [r.from, r.to])).toEqual([
        [null, 4],
        [4, 1],
      ]);

      // The ladtp: its settings confirmed (sub-packets on), heartbeats every period.
      expect((await call('POST', 'config', { devEUI: ladtp, config: LADTP_CONFIG })).code).toBe(0);
      expect(await closed(ladtp, 'configSet')).toMatchObject({ state: 'done', result: 0 });
      expect((await call('GET', 'config', { devEUI: ladtp })).data.config).toEqual(LADTP_CONFIG);
      const simLadtp = sim.devices[1]!.protocol as LadtpDevice;
      expect(simLadtp.config).toEqual(LADTP_CONFIG);
      await until(
        'heartbeats',
        () => call('GET', 'status/history', { devEUI: ladtp }),
        (b) => (b.amount ?? 0) >= 1,
      );

      // A 300-byte frame off its bus goes up in pieces and arrives whole.
      const frame = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 13 + 5) & 0xff));
      const pieces = sim.rs485(ladtp, frame);
      expect(pieces).toBeGreaterThan(1);
      const up = await until(
        'frame whole',
        () => call('GET', 'downlink/payloads', { devEUI: ladtp, direction: 'up' }),
        (b) => (b.amount ?? 0) >= 1,
      );
      expect(up.data[0]).toMatchObject({ data: frame.toString('hex'), parts: pieces, fPort: 211 });
      expect(up.data[0].readAt).toBeGreaterThan(Date.now() - 60_000);
      expect(events.filter((e) => e.type === 'management' && e.text.includes('DataPartUp'))).toHaveLength(pieces);
    } finally {
      await sim.stop();
    }
  }, 120_000);
});
