import { API } from '@lns/contract/api/index';
import { getRegion } from '@lns/lorawan/regions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type SimEvent, type SimulationHandle, startSimulation } from './sim';

const until = async <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

type Member = { devEUI: string; status: number; phase: number; triggerCount: number; error: string | null };
const us915 = getRegion('us915');
/** US915 sub-band 2: channels 8–15 (903.9–905.3 MHz) and the 500 kHz channel 65. */
const SUB_BAND_2 = Array.from({ length: 8 }, (_, i) => 903_900_000 + i * 200_000);
const UNION = 'channels 0-15 64-65';
const NEXT = 'channels 8-15 65';
const mhz = (text: string) => Math.round(Number(/ (\d+\.\d) MHz/.exec(text)?.[1]) * 1e6);
const fCntOf = (text: string) => Number(/fCnt (\d+)/.exec(text)?.[1]);

/**
 * A real server and 20 simulated devices on two UDP gateways, US915 sub-band 1, moved to sub-band 2
 * by a cutover task made through the API (docs/product/subnet-cutover.md): the devices take the
 * union, then the next plan, from the LinkADRReq blocks on their downlinks and answer them; one
 * deaf device (its downlinks lost) is asked again every interval and confirms once back after the
 * switch; one silent device is never asked and fails when the grace time is over.
 */
describe('subnet cutover end to end with the simulator', () => {
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

  it('moves 20 devices from sub-band 1 to 2 without a re-join; a deaf one is retried, a silent one reported', async () => {
    const events: SimEvent[] = [];
    let sim: SimulationHandle | undefined;
    try {
      sim = await startSimulation({
        url,
        user: 'admin',
        password: ADMIN_PASSWORD,
        udp,
        app: 'cutover-sim',
        gateways: 2,
        devices: 20,
        interval: 1,
        region: 'us915',
        subnet: 'us915-1',
        confirmedShare: 0,
        prefix: 'ab21',
        onEvent: (e) => events.push(e),
      });
      const devs = sim.devices;
      await sim.waitFor(() => devs.every((d) => d.joined && d.uplinks >= 1), 40_000);
      const token = await t.login();
      const call = async (e: { method: string; path: string }, data: Record<string, unknown>) =>
        (await t.call(token, e.method as 'GET' | 'POST', e.path, data)).body;
      const deaf = devs[18]!.devEUI;
      const silentDevice = devs[19]!;
      const silent = silentDevice.devEUI;
      const others = devs.map((d) => d.devEUI).filter((e) => e !== deaf && e !== silent);
      sim.setOffline(deaf, 'deaf');
      sim.setOffline(silent, 'silent');
      // The silent device's last uplink must be stored before the task takes the device in:
      // processed after that (a busy host can hold it that long), it would ask the device.
      const nextFCnt = silentDevice.fCntUp;
      await until(
        "the silent device's last uplink stored",
        async () => {
          const rows = (await call(API.device.list, { appID: sim!.appID, pageSize: 100 })).data;
          return (rows as { devEUI: string; fCntUp: number }[]).find((d) => d.devEUI === silent)?.fCntUp;
        },
        (n) => n === nextFCnt,
      );

      // The task, its gateways and the whole application through the API. The switch time is moved
      // in (task update) once the union is confirmed, rather than guessed at creation.
      const created = await call(API.subnetSwitchTask.create, {
        taskName: 'sim sub-band 1 to 2',
        interval: 1,
        switchTime: Date.now() + 120_000,
        graceTime: 8,
        currentChannelPlan: 'us915:us915-1',
        nextChannelPlan: 'us915:us915-2',
      });
      expect(created.code).toBe(0);
      const taskId = created.data.taskId as number;
      expect((await call(API.subnetSwitchMember.gatewayAdd, { taskId, gwIDs: sim.provisioned.gwIDs })).code).toBe(0);
      expect(await call(API.subnetSwitchMember.applicationAdd, { taskId, appID: sim.appID })).toMatchObject({
        code: 0,
        data: { added: 20, skipped: [] },
      });
      const members = async (): Promise<Record<string, Member>> => {
        const rows = (await call(API.subnetSwitchMember.deviceList, { taskId, pageSize: 100 })).data as Member[];
        return Object.fromEntries(rows.map((m) => [m.devEUI, m]));
      };
      const info = async () => (await call(API.subnetSwitchTask.info, { taskId })).data;

      // Phase 1: 18 devices confirm the union; the deaf one is asked again while away, the silent one never.
      const firstAsked = await until('the deaf device asked', members, (m) => (m[deaf]?.triggerCount ?? 0) >= 1);
      const asked = firstAsked[deaf]!.triggerCount;
      const phase1 = await until(
        'union confirmed',
        members,
        (m) => others.every((e) => m[e]?.status === 3) && m[deaf]!.triggerCount >= asked + 2,
      );
      expect(phase1[deaf]).toMatchObject({ status: 2, phase: 1 });
      expect(phase1[silent]).toMatchObject({ status: 1, phase: 0, triggerCount: 0 });
      for (const e of others) expect(phase1[e]).toMatchObject({ phase: 1 });
      const cutoverLines = (devEUI: string) =>
        events.filter((e) => e.type === 'cutover' && e.devEUI === devEUI).map((e) => e.text);
      for (const e of others) expect(cutoverLines(e)).toEqual([`cutover ${e} ${UNION}`]);
      expect(cutoverLines(deaf)).toEqual([]);
      expect(events.some((e) => e.devEUI === deaf && e.text.includes('missed a downlink'))).toBe(true);
      expect(await info()).toMatchObject({ status: 2, switchedAt: null });

      // The switch, a moment ahead: the gateways (UDP only) move in the database, marked manual.
      expect((await call(API.subnetSwitchTask.update, { taskId, switchTime: Date.now() + 1500 })).code).toBe(0);
      const switched = await until('switched', info, (x) => x.switchedAt !== null, 15_000);
      expect(switched.switchedAt).toBeGreaterThanOrEqual(switched.switchTime);
      sim.setOffline(deaf, null);
      const gws = (await call(API.subnetSwitchMember.gatewayList, { taskId, pageSize: 100 })).data;
      expect(gws).toHaveLength(2);
      for (const g of gws) expect(g).toMatchObject({ manual: true, status: 4 });

      // Phase 2: every device but the silent one takes sub-band 2 only and confirms it.
      const movers = [...others, deaf];
      const phase2 = await until('next plan confirmed', members, (m) => movers.every((e) => m[e]?.status === 4));
      for (const e of movers) expect(phase2[e]).toMatchObject({ phase: 2, error: null });
      for (const e of others) expect(cutoverLines(e)).toEqual([`cutover ${e} ${UNION}`, `cutover ${e} ${NEXT}`]);
      expect(cutoverLines(deaf)).toEqual([`cutover ${deaf} ${NEXT}`]);

      // After the next plan, their uplinks are on sub-band 2 and the server keeps taking them.
      const since = new Map(movers.map((e) => [e, events.findIndex((x) => x.text === `cutover ${e} ${NEXT}`)]));
      const uplinksAfter = (e: string) =>
        events.filter((x, i) => i > since.get(e)! && x.devEUI === e && x.type === 'uplink').map((x) => x.text);
      await sim.waitFor(() => movers.every((e) => uplinksAfter(e).length >= 2), 15_000);
      for (const e of movers) for (const text of uplinksAfter(e)) expect(SUB_BAND_2).toContain(mhz(text));
      for (const e of movers) {
        const sent = fCntOf(uplinksAfter(e).at(-1)!);
        await until(
          `${e} uplinks accepted`,
          async () => (await call(API.device.status, { devEUI: e })).data,
          (d) => d.fCntUp > sent && SUB_BAND_2.includes(d.freq),
        );
      }

      // Their downlinks leave on the RX1 channel of the sub-band 2 uplink they answer.
      for (const e of movers)
        expect((await call(API.downlink.create, { devEUI: e, fport: 9, data: 'c0de', confirmed: 0 })).code).toBe(0);
      const answered = (e: string) =>
        events.find((x) => x.devEUI === e && x.type === 'downlink' && / port 9 c0de/.test(x.text));
      await sim.waitFor(() => movers.every(answered), 15_000);
      for (const e of movers) {
        const down = answered(e)!;
        const up = events.slice(0, events.indexOf(down)).findLast((x) => x.devEUI === e && x.type === 'uplink')!;
        expect(SUB_BAND_2).toContain(mhz(up.text));
        expect(mhz(down.text)).toBe(us915.rx1Frequency(mhz(up.text)));
      }

      // The grace time over: the silent device (never heard, so never asked) fails, the task finishes.
      const done = await until('task finished', info, (x) => x.status === 4, 20_000);
      expect(done).toMatchObject({ deviceStatus: { '4': 19, '6': 1 } });
      const end = await members();
      expect(end[silent]).toMatchObject({ status: 6, triggerCount: 0, error: 'no answer before switch' });
      expect(end[deaf]!.triggerCount).toBeGreaterThanOrEqual(asked + 3);
      expect(sim.counters.unmatchedDownlinks).toBe(0);
      expect(sim.counters.errors).toBe(0);
    } finally {
      await sim?.stop();
    }
  }, 90_000);
});
