import { API } from '@lns/contract/api/index';
import { type Ts005Command, ts005 } from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs, pingSlots, unixTimeMs } from '@lns/lorawan/classb';
import { openDataFrame } from '@lns/lorawan/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, TestGateway, us915PingSlotMHz } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uplinkAnswer } from '../../../test/uplink-answer';
import { mcGroup } from '../../http/multicast/fixtures';

describe('class B multicast in a hopping region (US915) over the real UDP socket', () => {
  let t: TestApp;
  let alice: string;
  let gw: TestGateway;
  const us = { region: 'us915', subnet: 'us915-2', autoSubnet: false };
  const manual = mcGroup(0x21, { ...us, mcClass: 'B', pingSlotPeriod: 1 });
  const remote = mcGroup(0x22, {
    ...us,
    mcClass: 'B',
    pingSlotPeriod: 4,
    enableMCRemote: true,
    groupID: 2,
    mcAppSKey: undefined,
    mcNwkSKey: undefined,
  });

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30' });
    const started = await startDataPlane(t);
    alice = (await t.userWithToken('mcb-us-alice')).token;
    const gwID = 'a840410000000c21';
    const created = await t.call(alice, 'POST', API.gateway.create.path, {
      gwID,
      gwName: gwID,
      ...us,
      gwType: 'generic',
      txPower: 0,
      enableClassB: true,
    });
    expect(created.body.code).toBe(0);
    gw = await new TestGateway(gwID, started.port).open();
    gw.pull();
    await gw.waitFor((d) => d.kind === 'PULL_ACK');
    for (const g of [manual, remote])
      expect((await t.call(alice, 'POST', API.mcGroup.create.path, g)).body.code).toBe(0);
    // A gateway serves one group: the remote group's setup needs none (it rides on unicast downlinks).
    const bind = await t.call(alice, 'POST', API.mcGateway.create.path, { mcEUI: manual.mcEUI, gwIDs: [gwID] });
    expect(bind.body.code).toBe(0);
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('leaves at the group’s ping slot on McAddr’s hopping channel for that beacon period, SF12 BW500', async () => {
    for (const data of ['01', '02']) {
      // Generous: the slot is about a second away, but a loaded CI machine may be slow to answer.
      const seen = gw.waitFor(isPullResp, 15_000, true) as Promise<PullResp>;
      const before = gpsTimeMs(Date.now());
      const res = await t.call(alice, 'POST', API.mcDownlink.create.path, { mcEUI: manual.mcEUI, fPort: 3, data });
      expect(res.body.code).toBe(0);
      const { txpk, token } = await seen;
      const tmms = txpk.tmms!;
      expect(txpk.imme).toBeUndefined();
      expect(tmms).toBeGreaterThan(before);
      expect(unixTimeMs(tmms)).toBe(res.body.data.sendAt);
      expect(pingSlots(Math.floor(tmms / 128_000) * 128, manual.mcAddr, 0)).toContain(tmms);
      expect(txpk).toMatchObject({ freq: us915PingSlotMHz(manual.mcAddr, tmms), datr: 'SF12BW500' });
      const opened = openDataFrame(Buffer.from(txpk.data, 'base64'), {
        nwkSKey: String(manual.mcNwkSKey),
        appSKey: String(manual.mcAppSKey),
        lastFCnt: null,
      });
      expect(opened.micValid).toBe(true);
      expect(opened.payload!.toString('hex')).toBe(data);
      gw.txAck(token);
    }
  }, 90_000);

  it('a payload is checked against the ping-slot data rate (DR8: 53 application bytes)', async () => {
    const res = await t.call(alice, 'POST', API.mcDownlink.create.path, {
      mcEUI: manual.mcEUI,
      fPort: 3,
      data: '00'.repeat(54),
    });
    expect(res.body).toMatchObject({ code: 1007, field: 'data' });
  });

  it('TS005 tells a member the class B session with frequency 0 (hop by McAddr) and the ping-slot DR8', async () => {
    const d = abpDevice(0xc21, { region: 'us915', subnet: 'us915-2' });
    const appID = (await t.call(alice, 'POST', API.application.create.path, { appName: 'mcb-us' })).body.data.appID;
    expect((await t.call(alice, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    const bind = await t.call(alice, 'POST', API.mcDevice.create.path, { mcEUI: remote.mcEUI, devEUIs: [d.devEUI] });
    expect(bind.body.code).toBe(0);
    let fCnt = 0;
    let tmst = 1_000_000;
    /** One uplink (with a TS005 answer or not); the TS005 requests of the downlink it got. */
    const uplink = async (answer?: Ts005Command): Promise<Ts005Command[]> => {
      const phy = abpSession(d)(
        answer ? { fCnt: ++fCnt, fPort: 200, payload: ts005.encode(answer) } : { fCnt: ++fCnt, fPort: 1 },
      );
      tmst += 5_000_000;
      const rxpk = rxpkOf(phy, { tmst, freq: 903.9, datr: 'SF7BW125' });
      const r = await uplinkAnswer(t.services, gw, { devEUI: d.devEUI, fCnt, rxpk });
      if (!r) return [];
      gw.txAck(r.token);
      const down = openDataFrame(Buffer.from(r.txpk.data, 'base64'), { ...d, lastFCnt: null });
      return down.frame.fPort === 200 && down.payload ? ts005.decode(down.payload, 'down') : [];
    };
    expect((await uplink()).map((c) => c.type)).toEqual(['McGroupSetupReq']);
    // The answer rides on an uplink; the session request follows on the next one.
    await uplink({ type: 'McGroupSetupAns', mcGroupId: 2, idError: false });
    const [session] = await uplink();
    expect(session).toMatchObject({
      type: 'McClassBSessionReq',
      mcGroupId: 2,
      periodicity: 2,
      dlFrequency: 0,
      dr: 8,
    });
  });
});
