import { API } from '@lns/contract/api/index';
import { openDataFrame } from '@lns/lorawan/frames';
import type { Txpk } from '@lns/semtech-udp/packets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';

/** LinkADRReq as LoRaWAN 1.0.4 §5.3 lays it out: CID 0x03, DR|TXPower, ChMask (LE), ChMaskCntl|NbTrans. */
function linkAdrReqs(fOpts: Buffer) {
  const out: { dr: number; tx: number; chMask: number; chMaskCntl: number; nbTrans: number }[] = [];
  for (let i = 0; i + 5 <= fOpts.length && fOpts[i] === 0x03; i += 5) {
    const b = fOpts.subarray(i, i + 5);
    out.push({
      dr: b[1]! >> 4,
      tx: b[1]! & 15,
      chMask: b[2]! | (b[3]! << 8),
      chMaskCntl: (b[4]! >> 4) & 7,
      nbTrans: b[4]! & 15,
    });
  }
  return out;
}

type Member = { devEUI: string; status: number; phase: number; triggerCount: number; error: string | null };

/** us915 sub-band 1 → 2 over real UDP: requests on the devices' downlinks, answers, the switch, the new plan. */
describe('subnet cutover on the data plane', () => {
  let t: TestApp;
  let admin: string;
  let gw: TestGateway;
  const gwID = 'a840411c00000001';
  const devs: (ReturnType<typeof abpDevice> & { frame: ReturnType<typeof abpSession> })[] = [];
  let taskId: number;
  const call = async (e: { method: string; path: string }, data: Record<string, unknown>) =>
    (await t.call(admin, e.method as 'GET' | 'POST', e.path, data)).body;
  const members = async (): Promise<Record<string, Member>> => {
    const rows = (await call(API.subnetSwitchMember.deviceList, { taskId })).data as Member[];
    return Object.fromEntries(rows.map((m) => [m.devEUI, m]));
  };
  /**
   * An uplink of device `i` on `freq` Hz (SF10 = DR0 in US915). With `down`, resolves with the
   * downlink that answers it (it leaves for the RX1 time, so it is awaited, not polled).
   */
  async function up(
    i: number,
    fCnt: number,
    freq: number,
    opts: { fOpts?: Buffer; down?: boolean; adr?: boolean } = {},
  ) {
    const d = devs[i]!;
    const resp = opts.down ? (gw.waitFor(isPullResp, 4000, true) as Promise<PullResp>) : undefined;
    const fCtrl = { adr: opts.adr ?? false };
    gw.push([rxpkOf(d.frame({ fCnt, fOpts: opts.fOpts, fCtrl }), { freq: freq / 1e6, datr: 'SF10BW125', lsnr: 5 })]);
    await settle(t.services.dataPlane);
    if (!resp) return undefined;
    const { txpk } = await resp;
    const f = openDataFrame(Buffer.from(txpk.data, 'base64'), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    return { txpk: txpk as Txpk, fOpts: Buffer.from(f.frame.fOpts) };
  }
  const exec = (q: ReturnType<typeof sql>) => t.services.db.execute(q);
  const look = () => t.services.subnetSwitch.look();

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
    admin = await t.login();
    const { port } = await startDataPlane(t);
    const gwBody = { gwID, gwName: 'cut-gw', region: 'us915', subnet: 'us915-1', gwType: 'generic', txPower: 0 };
    expect((await call(API.gateway.create, gwBody)).code).toBe(0);
    gw = await new TestGateway(gwID, port).open();
    gw.pull();
    await gw.waitFor((d) => d.kind === 'PULL_ACK');
    const appID = (await call(API.application.create, { appName: 'cut-dp', productType: 'lorawan' })).data.appID;
    for (let n = 1; n <= 2; n++) {
      const d = abpDevice(7700 + n, { region: 'us915', subnet: 'us915-1' });
      expect((await call(API.device.create, { appID, ...d })).code).toBe(0);
      devs.push({ ...d, frame: abpSession(d) });
    }
    const created = await call(API.subnetSwitchTask.create, {
      taskName: 'dp',
      // Long enough that a loaded host never lets it pass between two uplinks: the test moves it on.
      interval: 60,
      graceTime: 3600,
      currentChannelPlan: 'us915:us915-1',
      nextChannelPlan: 'us915:us915-2',
    });
    taskId = created.data.taskId;
    expect((await call(API.subnetSwitchMember.gatewayAdd, { taskId, gwIDs: [gwID] })).code).toBe(0);
    const added = await call(API.subnetSwitchMember.deviceAdd, { taskId, devEUIs: devs.map((d) => d.devEUI) });
    expect(added.code).toBe(0);
    await look();
  }, 60_000);
  afterAll(async () => {
    gw?.close();
    await t?.close();
  });

  it('tells each device the union of both sub-bands; one that answers is confirmed, a silent one is retried', async () => {
    const [a, b] = devs.map((d) => d.devEUI) as [string, string];
    const first = await up(0, 1, 902_300_000, { down: true });
    // ChMaskCntl 7: every 125 kHz channel off, 500 kHz channels 64 and 65 on; then bank 0: channels 0–15.
    expect(linkAdrReqs(first!.fOpts)).toEqual([
      { dr: 0, tx: 0, chMask: 0x0003, chMaskCntl: 7, nbTrans: 1 },
      { dr: 0, tx: 0, chMask: 0xffff, chMaskCntl: 0, nbTrans: 1 },
    ]);
    expect((await members())[a]).toMatchObject({ status: 2, phase: 1, triggerCount: 1 });
    // Two LinkADRAns with every ACK bit: confirmed; nothing more to send before the switch.
    await up(0, 2, 902_500_000, { fOpts: Buffer.from([0x03, 0x07, 0x03, 0x07]) });
    expect((await members())[a]).toMatchObject({ status: 3, triggerCount: 1 });
    // ADR waits while the device is a member: its block would enable sub-band 1 only (undoing the
    // union) and its LinkADRAns would pass for the cutover's answer. A full SNR history with 10 dB
    // to spare at SF10 would otherwise ask for a faster data rate now.
    const history = sql.raw(`ARRAY[${Array(19).fill(5).join(',')}]::real[]`);
    await exec(sql`UPDATE devices SET adr_snr = ${history} WHERE dev_eui = ${a}`);
    await up(0, 3, 903_900_000, { adr: true });
    const [adr] = (await exec(sql`SELECT adr_req, cardinality(adr_snr) AS n FROM devices WHERE dev_eui = ${a}`).then(
      (r) => ('rows' in r ? r.rows : r),
    )) as { adr_req: unknown; n: number }[];
    expect(adr).toEqual({ adr_req: null, n: 20 });

    expect(linkAdrReqs((await up(1, 1, 902_300_000, { down: true }))!.fOpts)).toHaveLength(2);
    // Within the interval the silent device is not asked again; once it passed (moved, not waited for), it is.
    await up(1, 2, 902_300_000);
    expect((await members())[b]).toMatchObject({ status: 2, triggerCount: 1 });
    await exec(sql`UPDATE subnet_switch_devices SET next_send_at = 0 WHERE dev_eui = ${b}`);
    expect(linkAdrReqs((await up(1, 3, 902_300_000, { down: true }))!.fOpts)).toHaveLength(2);
    expect((await members())[b]).toMatchObject({ status: 2, triggerCount: 2 });
    await exec(sql`UPDATE subnet_switch_tasks SET next_time = 0 WHERE id = ${taskId}`);
    await look();
    expect((await call(API.subnetSwitchTask.info, { taskId })).data).toMatchObject({ status: 2, triggerCount: 3 });
  });

  it('after the switch time, accepts uplinks on sub-band 2 and moves the device to the next plan only', async () => {
    const a = devs[0]!.devEUI;
    await exec(sql`UPDATE subnet_switch_tasks SET switch_time = ${Date.now() - 10} WHERE id = ${taskId}`);
    await look();
    const [member] = (await call(API.subnetSwitchMember.gatewayList, { taskId })).data;
    expect(member).toMatchObject({ manual: true, status: 4 });
    // Channel 8 (903.9 MHz) is sub-band 2; RX1 answers on 923.3 + (8 mod 8) × 0.6 MHz.
    const down = await up(0, 4, 903_900_000, { down: true });
    expect(down!.txpk.freq).toBeCloseTo(923.3, 3);
    expect(linkAdrReqs(down!.fOpts)).toEqual([
      { dr: 0, tx: 0, chMask: 0x0002, chMaskCntl: 7, nbTrans: 1 },
      { dr: 0, tx: 0, chMask: 0xff00, chMaskCntl: 0, nbTrans: 1 },
    ]);
    const status = await call(API.device.status, { devEUI: a });
    expect(status.data).toMatchObject({ freq: 903_900_000 });
    await up(0, 5, 904_100_000, { fOpts: Buffer.from([0x03, 0x07, 0x03, 0x07]) });
    expect((await members())[a]).toMatchObject({ status: 4, phase: 2 });

    // The grace time over (moved back): the silent device failed, the task is finished.
    await exec(sql`UPDATE subnet_switch_tasks SET switch_time = ${Date.now() - 7_200_000} WHERE id = ${taskId}`);
    await look();
    expect((await members())[devs[1]!.devEUI]).toMatchObject({ status: 6, error: 'no answer before switch' });
    expect((await call(API.subnetSwitchTask.info, { taskId })).data).toMatchObject({ status: 4 });
  });
});
