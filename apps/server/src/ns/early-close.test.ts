import { applicationApi } from '@lns/contract/api/applications';
import { deviceDataApi } from '@lns/contract/api/device-data';
import { deviceApi } from '@lns/contract/api/devices';
import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, metric, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { isPullResp, rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import type { DataPlane } from './dataplane';

// DEDUP_EARLY_CLOSE through the real UDP socket: the window is long (2 s) so "within the window"
// never depends on the host's speed; the order of events shows the early hand-over.
describe('early de-dup close over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let appID: number;
  let gws: TestGateway[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '2000', DEDUP_EARLY_CLOSE: 'true' });
    const started = await startDataPlane(t);
    dp = started.dp;
    token = (await t.userWithToken('early-close')).token;
    appID = (await t.call(token, 'POST', applicationApi.create.path, { appName: 'early', productType: 'lorawan' })).body
      .data.appID;
    gws = [
      await connectGateway(t, token, started.port, 'a840410000000e01'),
      await connectGateway(t, token, started.port, 'a840410000000e02'),
      await connectGateway(t, token, started.port, 'a840410000000e03'),
    ];
  });
  afterAll(async () => {
    for (const g of gws) g.close();
    await t.close();
  });

  const get = async (path: string, q: Record<string, unknown>) =>
    (await t.call(token, 'GET', path, q as Record<string, string>)).body;

  it('answers a confirmed uplink once its usual gateways reported; a third gateway within the window is a late copy, stored once as its gateway frame', async () => {
    const [g1, g2, g3] = gws as [TestGateway, TestGateway, TestGateway];
    const d = abpDevice(0xe1);
    expect((await t.call(token, 'POST', deviceApi.create.path, { appID, ...d })).body.code).toBe(0);
    const frame = abpSession(d);

    // First uplink: no history of this sender, so the whole window; two gateways heard it.
    const first = frame({ fCnt: 1 });
    g1.push([rxpkOf(first, { rssi: -60 })]);
    g2.push([rxpkOf(first, { rssi: -90 })]);
    await settle(dp);

    const lateBefore = await metric(t, 'lns_dedup_late_copies_total');
    const confirmed = frame({ fCnt: 2, mType: 'ConfirmedDataUp' });
    g1.push([rxpkOf(confirmed, { rssi: -60 })]);
    g2.push([rxpkOf(confirmed, { rssi: -90 })]);
    // The ACK goes out through the best gateway before the 2 s window ends: only then does the
    // third gateway report, still within the window.
    await g1.waitFor(isPullResp, 1500, true);
    g3.push([rxpkOf(confirmed, { rssi: -100 })]);
    await settle(dp);

    expect(await metric(t, 'lns_dedup_late_copies_total')).toBe(lateBefore + 1);
    const hist = await get(deviceDataApi.history.path, { devEUI: d.devEUI });
    // One stored uplink per FCnt: the late copy is not a second uplink.
    expect(hist.data.map((r: { fCnt: number }) => r.fCnt).sort()).toEqual([1, 2]);
    const phy = confirmed.toString('hex');
    for (const g of [g1, g2, g3]) {
      const frames = (await get(gatewayDataApi.history.path, { gwID: g.eui, uplink: '1' })).data;
      expect(
        frames.filter((f: { phy: string }) => f.phy === phy),
        g.eui,
      ).toHaveLength(1);
    }
    // Nothing else was sent: one ACK, through one gateway.
    expect(g2.pullResps().length + g3.pullResps().length).toBe(0);
  });
});
