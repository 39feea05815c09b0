import { createHash } from 'node:crypto';
import { FUOTA_DEVICE_STATE as D, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { prng } from '@lns/lorawan/prng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type SimEvent, startSimulation } from './sim';

const GEN_APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const until = async <T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 60_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
const dataUrl = (b: Buffer) => `data:application/octet-stream;base64,${b.toString('base64')}`;

/**
 * FUOTA end to end over real UDP: the server's task runner and the simulator's devices, each side
 * written from docs/protocols/fuota.md. A 10 KB image reaches 10 devices of a class C group set up
 * through TS005; the devices lose a fifth of the fragments, one of them far more.
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
      FUOTA_FRAGMENT_INTERVAL_MS: '20',
      FUOTA_ANSWER_WAIT_S: '30',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const start of t.services.starters) await start();
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    udp = `127.0.0.1:${t.services.dataPlane.bridge.port}`;
  }, 60_000);
  afterAll(() => t?.close());

  it('10 devices rebuild a 10 KB image byte for byte; one that lost too much says so; an abort stops the fragments', async () => {
    const rand = prng(11);
    const firmware = Buffer.from(Array.from({ length: 10_240 }, () => Math.floor(rand() * 256)));
    const sha256 = createHash('sha256').update(firmware).digest('hex');
    const events: SimEvent[] = [];
    const sim = await startSimulation({
      url,
      user: 'admin',
      password: ADMIN_PASSWORD,
      udp,
      app: 'fuota-sim',
      gateways: 2,
      devices: 10,
      interval: 1,
      confirmedShare: 0,
      prefix: 'ab03',
      genAppKey: GEN_APP_KEY,
      loss: 0.2,
      fuotaDelayScale: 0.02,
      onEvent: (e) => events.push(e),
    });
    const lines = (text: string) => events.filter((e) => e.type === 'fuota' && e.text.includes(text));
    try {
      await sim.waitFor((c) => c.joins === 5, 40_000);
      const token = await t.login();
      const get = (path: string, data: Record<string, unknown>) => t.call(token, 'GET', path, data).then((r) => r.body);
      const post = (path: string, data: Record<string, unknown>) =>
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
      expect((await post('/api/mcgroup/create', group)).code).toBe(0);
      const devEUIs = sim.devices.map((d) => d.devEUI);
      expect((await post('/api/mcdevice/create', { mcEUI, devEUIs })).code).toBe(0);
      expect((await post('/api/mcgateway/create', { mcEUI, gwIDs: sim.provisioned.gwIDs })).code).toBe(0);
      const poor = sim.devices[0]!;
      poor.fuota!.loss = 0.7;

      // The task starts at once; it waits for the members' TS005 setup itself.
      const created = await post('/api/fuota/create', {
        mcEUI,
        firmwareName: 'street-light',
        redundancyPercent: 50,
        payload: dataUrl(firmware),
      });
      expect(created.code).toBe(0);
      const fdID = created.data.fdID as number;
      const task = () => get('/api/fuota/info', { fdID }).then((b) => b.data);
      const done = await until('task done', task, (x) => x.state === S.DONE, 120_000);
      expect(done).toMatchObject({ nbFrag: 214, fragSize: 48, redundancy: 107, fragsSent: 321, status: 'completed' });
      // Once failed only under a loaded full-suite run (8 done, 2 failed): what each device and the
      // simulator said comes with the failure, to tell a lost answer from a rebuild that failed.
      const states = (await get('/api/fuota/devices', { fdID, pageSize: 50 })).data;
      const said = events.filter((e) => e.type === 'fuota').map((e) => e.text);
      expect(done, JSON.stringify({ states, said: said.slice(-60) })).toMatchObject({
        deviceNums: 10,
        doneNums: 9,
        failedNums: 1,
        progress: 100,
      });

      for (const dev of sim.devices.filter((d) => d !== poor)) {
        expect(dev.rebuiltImage?.equals(firmware), dev.devEUI).toBe(true);
        expect(lines(`fuota ${dev.devEUI} rebuilt 10240 bytes sha256 ${sha256}`)).toHaveLength(1);
      }
      expect(poor.rebuiltImage).toBeUndefined();
      expect(lines(`fuota ${poor.devEUI} incomplete:`)).toHaveLength(1);
      const rows = (await get('/api/fuota/devices', { fdID, pageSize: 50 })).data as {
        devEUI: string;
        state: number;
        nbFragMissing: number;
        error_message: string | null;
      }[];
      const poorRow = rows.find((r) => r.devEUI === poor.devEUI)!;
      expect(poorRow).toMatchObject({ state: D.FRAG_SESS_DEL_ANS });
      expect(poorRow.nbFragMissing).toBeGreaterThan(0);
      expect(poorRow.error_message).toBe(`missing ${poorRow.nbFragMissing} fragments`);
      expect(rows.filter((r) => r.state === D.DONE && r.nbFragMissing === 0)).toHaveLength(9);
      expect(sim.devices.every((d) => d.fuota!.sessions.size === 0)).toBe(true);

      // A second task on the group, aborted mid-transfer: the fragments stop, the sessions are deleted.
      const again = await post('/api/fuota/create', {
        mcEUI,
        firmwareName: 'street-light-2',
        payload: dataUrl(firmware.subarray(0, 4096)),
      });
      expect(again.code).toBe(0);
      const second = again.data.fdID as number;
      await until(
        'fragments flowing',
        () => get('/api/fuota/info', { fdID: second }),
        (b) => b.data.fragsSent >= 20,
      );
      expect((await post('/api/fuota/abort', { fdID: second })).code).toBe(0);
      const sentAtAbort = (await get('/api/fuota/info', { fdID: second })).data.fragsSent as number;
      const ended = await until(
        'aborted task done',
        () => get('/api/fuota/info', { fdID: second }).then((b) => b.data),
        (x) => x.state === S.DONE,
      );
      expect(ended).toMatchObject({ status: 'abnormal', error_message: 'aborted by admin' });
      expect(ended.fragsSent).toBeLessThanOrEqual(sentAtAbort + 1);
      expect(ended.fragsSent).toBeLessThan(ended.nbFrag + ended.redundancy);
      expect(sim.devices.every((d) => d.fuota!.sessions.size === 0)).toBe(true);
    } finally {
      await sim.stop();
    }
  }, 240_000);
});
