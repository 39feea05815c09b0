import { createHash } from 'node:crypto';
import { TS004_PORT, ts004 } from '@lns/lorawan/applayer/ts004';
import { fecEncode } from '@lns/lorawan/applayer/ts004-fec';
import { prng } from '@lns/lorawan/prng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcGroups } from '../../../apps/server/src/db/schema/multicast';
import { sendMulticast } from '../../../apps/server/src/ns/multicast/send';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type SimEvent, startSimulation } from './sim';

const GEN_APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const until = async <T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 40_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * The simulator's devices in a FUOTA session driven by hand, as docs/protocols/fuota.md describes
 * it: TS005 session through the API, FragSessionSetupReq and FragSessionDeleteReq as unicast
 * downlinks on port 201, fragments and the status request as the group's multicast frames.
 */
describe('FUOTA with the simulator', () => {
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

  it('4 devices losing a fifth of the fragments rebuild the image, answer status and delete', async () => {
    const rand = prng(11);
    const firmware = Buffer.from(Array.from({ length: 1000 }, () => Math.floor(rand() * 256)));
    const sha256 = createHash('sha256').update(firmware).digest('hex');
    const enc = fecEncode(firmware, 48, 21); // 21 uncoded + 21 parity fragments
    const events: SimEvent[] = [];
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'fuota-sim',
      gateways: 2,
      devices: 4,
      interval: 1,
      confirmedShare: 0,
      prefix: 'ab03',
      genAppKey: GEN_APP_KEY,
      loss: 0.2,
      fuotaDelayScale: 0.001,
      onEvent: (e) => events.push(e),
    });
    const lines = (text: string) => events.filter((e) => e.type === 'fuota' && e.text.includes(text));
    try {
      await sim.waitFor((c) => c.joins === 2, 40_000);
      const token = await t.login();
      const call = (path: string, data: Record<string, unknown>) =>
        t.call(token, 'POST', path, data).then((r) => r.body);
      const mcEUI = 'ab03000000000001';
      const group = {
        mcName: 'sim fuota',
        mcEUI,
        region: 'eu868',
        enableMCRemote: true,
        groupID: 1,
        genAppKey: GEN_APP_KEY,
        mcAddr: '01ab0301',
      };
      expect((await call('/api/mcgroup/create', group)).code).toBe(0);
      const devEUIs = sim.devices.map((d) => d.devEUI);
      expect((await call('/api/mcdevice/create', { mcEUI, devEUIs })).code).toBe(0);
      expect((await call('/api/mcgateway/create', { mcEUI, gwIDs: sim.provisioned.gwIDs })).code).toBe(0);
      await until(
        'members joined',
        () => t.call(token, 'GET', '/api/mcgroup/status', { mcEUI }).then((r) => r.body),
        (s) => s.data.states.joined === 4,
      );
      await new Promise((r) => setTimeout(r, 2500)); // the class C sessions start 2 s after their request

      const unicast = async (hex: string) => {
        for (const devEUI of devEUIs)
          expect((await call('/api/device/downlink/create', { devEUI, fport: TS004_PORT, data: hex })).code).toBe(0);
      };
      const setup = ts004.encode({
        type: 'FragSessionSetupReq',
        fragIndex: 0,
        mcGroupBitMask: 0b0010,
        nbFrag: enc.nbFrag,
        fragSize: 48,
        fragAlgo: 0,
        blockAckDelay: 0,
        padding: enc.padding,
        descriptor: sha256.slice(0, 8),
      });
      await unicast(setup.toString('hex'));
      await until(
        'setup answers',
        () => lines('port 201 FragSessionSetupAns').length,
        (n) => n >= 4,
      );

      const g = (await t.services.dataPlane.db.select().from(mcGroups)).find((x) => x.mcEui === mcEUI);
      const multicast = (payload: Buffer) =>
        sendMulticast(t.services.dataPlane, g!, { fPort: TS004_PORT, data: payload.toString('hex') });
      for (const [i, data] of enc.fragments.entries()) {
        await multicast(ts004.encode({ type: 'DataFragment', fragIndex: 0, n: i + 1, data }));
        await new Promise((r) => setTimeout(r, 30));
      }
      const c = await sim.waitFor((x) => x.fuotaImagesRebuilt === 4, 20_000);
      expect(c.fuotaFragments + c.fuotaFragmentsLost).toBe(4 * enc.fragments.length);
      expect(c.fuotaFragmentsLost).toBeGreaterThan(0);
      for (const dev of sim.devices) {
        expect(dev.rebuiltImage?.equals(firmware)).toBe(true);
        expect(lines(`fuota ${dev.devEUI} rebuilt 1000 bytes sha256 ${sha256}`)).toHaveLength(1);
      }

      await multicast(ts004.encode({ type: 'FragSessionStatusReq', participants: true, fragIndex: 0 }));
      await until(
        'status answers',
        () => lines('port 201 FragSessionStatusAns').length,
        (n) => n >= 4,
      );
      expect(sim.counters.fuotaIncomplete).toBe(0);

      await unicast(ts004.encode({ type: 'FragSessionDeleteReq', fragIndex: 0 }).toString('hex'));
      await until(
        'delete answers',
        () => lines('port 201 FragSessionDeleteAns').length,
        (n) => n >= 4,
      );
      expect(sim.devices.every((d) => d.fuota!.sessions.size === 0 && d.rebuiltImage !== undefined)).toBe(true);
      expect(sim.counters.unmatchedDownlinks).toBe(0);
    } finally {
      await sim.stop();
    }
  }, 150_000);
});
