import { API } from '@lns/contract/api/index';
import { gpsTimeMs, pingSlots } from '@lns/lorawan/classb';
import { openDataFrame } from '@lns/lorawan/frames';
import { decodeMacCommands, encodeMacCommands } from '@lns/lorawan/mac';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { devices } from '../../db/schema/devices';
import type { DataPlane } from '../dataplane';

describe('class B devices over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let alice: string;
  let gw: TestGateway;
  const d = abpDevice(0xb01, { class: 'B' });
  const frame = abpSession(d);
  let tmst = 1_000_000;
  const uplink = (fCnt: number, fOpts?: Buffer) => {
    tmst += 5_000_000;
    gw.push([rxpkOf(frame({ fCnt, fOpts }), { tmst })]);
  };
  const setClassB = async (on: boolean) => {
    const res = await t.call(alice, 'POST', API.gateway.update.path, {
      gwID: gw.eui,
      gwName: gw.eui,
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
      enableClassB: on,
    });
    expect(res.body.code).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30' });
    const started = await startDataPlane(t);
    dp = started.dp;
    alice = (await t.userWithToken('classb-alice')).token;
    const appID = (await t.call(alice, 'POST', API.application.create.path, { appName: 'class-b' })).body.data.appID;
    expect((await t.call(alice, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    gw = await connectGateway(t, alice, started.port, 'a840410000000e01');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('answers PingSlotInfoReq and keeps the periodicity the device told', async () => {
    const answered = gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;
    uplink(1, encodeMacCommands([{ type: 'PingSlotInfoReq', periodicity: 0 }]));
    const down = openDataFrame(Buffer.from((await answered).txpk.data, 'base64'), { ...d, fCnt: 0 });
    expect(decodeMacCommands(down.frame.fOpts, 'down')).toEqual([{ type: 'PingSlotInfoAns' }]);
    await settle(dp);
    const [row] = await t.services.db.select().from(devices).where(eq(devices.devEui, d.devEUI));
    expect(row!.pingSlotPeriodicity).toBe(0);
  });

  it('keeps a downlink queued, saying why, while its gateway cannot beacon', async () => {
    const q = await t.call(alice, 'POST', API.downlink.create.path, { devEUI: d.devEUI, fport: 5, data: 'aa' });
    expect(q.body.code).toBe(0);
    const history = async () =>
      (await t.call(alice, 'GET', API.downlink.history.path, { devEUI: d.devEUI })).body.data[0];
    await expect.poll(history).toMatchObject({ status: 0, responseErrorByGateway: 'NO_CLASS_B_GATEWAY' });
    // A class A window still takes it when the device uplinks.
    const resp = gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;
    uplink(2);
    expect((await resp).txpk.imme).toBeUndefined();
    await settle(dp);
  });

  it('sends a queued downlink in the device’s next ping slot through a class B gateway', async () => {
    await setClassB(true);
    uplink(3);
    await settle(dp);
    const resp = gw.waitFor(isPullResp, 5000, true) as Promise<PullResp>;
    const before = gpsTimeMs(Date.now());
    const q = await t.call(alice, 'POST', API.downlink.create.path, { devEUI: d.devEUI, fport: 6, data: 'bb' });
    expect(q.body.code).toBe(0);
    const { txpk, token } = await resp;
    expect(txpk).toMatchObject({ freq: 869.525, datr: 'SF9BW125' });
    expect(txpk.imme).toBeUndefined();
    expect(txpk.tmms).toBeGreaterThan(before);
    const beacon = Math.floor(txpk.tmms! / 128_000) * 128;
    expect(pingSlots(beacon, d.devAddr, 0)).toContain(txpk.tmms);
    const down = openDataFrame(Buffer.from(txpk.data, 'base64'), { ...d, lastFCnt: 0 });
    expect(down.payload?.toString('hex')).toBe('bb');
    gw.txAck(token);
  });
});
