import { applicationApi } from '@lns/contract/api/applications';
import { deviceDataApi } from '@lns/contract/api/device-data';
import { deviceApi } from '@lns/contract/api/devices';
import { downlinkApi } from '@lns/contract/api/downlinks';
import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { buildDataFrame } from '@lns/lorawan/frames';
import { buildJoinRequest, openJoinAccept } from '@lns/lorawan/join';
import { deriveSessionKeys10 } from '@lns/lorawan/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { relaySide } from '../../../test/relay-kit';
import type { DataPlane } from '../dataplane';

/**
 * The relay's RX1 deadline already passed (RX1_DEADLINE_MS 0): a join-accept still goes in the
 * relay's RX2, a data downlink does not (the relay's RX2 is too late for the end-device's windows,
 * docs/protocols/rhf3mr01.md "Relayed traffic") and stays queued.
 */
describe('relayed traffic after the relay RX1 deadline', () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let appID: number;
  let gw: TestGateway;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40', RX1_DEADLINE_MS: '0' });
    const started = await startDataPlane(t);
    dp = started.dp;
    token = (await t.userWithToken('relay-late')).token;
    appID = (await t.call(token, 'POST', applicationApi.create.path, { appName: 'relay-late', productType: 'lorawan' }))
      .body.data.appID;
    gw = await connectGateway(t, token, started.port, 'a840410000000801', 'relay-late-gw');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('sends the join-accept in the relay RX2 and keeps a data downlink queued', async () => {
    const create = async (d: Record<string, unknown>) =>
      expect((await t.call(token, 'POST', deviceApi.create.path, { appID, ...d })).body.code).toBe(0);
    const r = abpDevice(801, { productType: 'rhf3mr01' });
    const d = otaaDevice(802);
    await create(r);
    await create(d);
    const side = relaySide(r);

    const jr = buildJoinRequest({ appKey: d.appKey, joinEUI: d.appEUI, devEUI: d.devEUI, devNonce: 0x0802 });
    const joinResp = gw.waitFor(isPullResp, 4000, true) as Promise<PullResp>;
    gw.push([rxpkOf(side.forward(jr), { tmst: 5_000_000 })]);
    const resp = await joinResp;
    // RX2 of the relay: uplink + 2 s, 869.525 MHz SF12 (EU868).
    expect(resp.txpk).toMatchObject({ tmst: 7_000_000, freq: 869.525, datr: 'SF12BW125' });
    const ja = openJoinAccept(side.unwrap(resp)!, d.appKey);
    const keys = deriveSessionKeys10(d.appKey, ja.joinNonce, ja.netID, 0x0802);
    await settle(dp);

    const q = await t.call(token, 'POST', downlinkApi.create.path, {
      devEUI: d.devEUI,
      fport: 4,
      data: '0a0b',
      confirmed: false,
    });
    expect(q.body.code).toBe(0);
    const before = gw.pullResps().length;
    const up = buildDataFrame({
      mType: 'ConfirmedDataUp',
      devAddr: ja.devAddr,
      fCnt: 0,
      fPort: 2,
      payload: Buffer.from('01', 'hex'),
      nwkSKey: keys.nwkSKey,
      appSKey: keys.appSKey,
    });
    gw.push([rxpkOf(side.forward(up), { tmst: 9_000_000 })]);
    await settle(dp, 100);
    const hist = await t.call(token, 'GET', deviceDataApi.history.path, { devEUI: d.devEUI });
    expect(hist.body.data.some((m: { type: string; fCnt: number }) => m.type === 'uplink' && m.fCnt === 0)).toBe(true);
    expect(gw.pullResps().length).toBe(before);
    const [rec] = (await t.call(token, 'GET', downlinkApi.history.path, { devEUI: d.devEUI })).body.data;
    expect(rec).toMatchObject({ data: '0a0b', status: DOWNLINK_STATUS.ENQUEUED });
  });
});
