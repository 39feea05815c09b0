import { applicationApi } from '@lns/contract/api/applications';
import { deviceDataApi } from '@lns/contract/api/device-data';
import { deviceApi } from '@lns/contract/api/devices';
import { downlinkApi } from '@lns/contract/api/downlinks';
import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { RELAY_LINK } from '@lns/contract/relay';
import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { buildJoinRequest, openJoinAccept } from '@lns/lorawan/join';
import { deriveSessionKeys10 } from '@lns/lorawan/keys';
import { relayMac } from '@lns/lorawan/relay/mac';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { relaySide } from '../../../test/relay-kit';
import { rowsOf } from '../../db/rows';
import type { DataPlane } from '../dataplane';

/**
 * LoRaWAN Relay TS011 through the real UDP socket: an end-device no gateway hears talks to the
 * network inside a relay's FPort 226 uplinks (docs/protocols/rhf3mr01.md, "Relayed traffic").
 */
describe('relayed traffic', () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let appID: number;
  let gw: TestGateway;
  let n = 700;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
    const started = await startDataPlane(t);
    dp = started.dp;
    token = (await t.userWithToken('relay-user')).token;
    appID = (await t.call(token, 'POST', applicationApi.create.path, { appName: 'relay-app', productType: 'lorawan' }))
      .body.data.appID;
    gw = await connectGateway(t, token, started.port, 'a840410000000701', 'relay-gw');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  const create = async (d: Record<string, unknown>) =>
    expect((await t.call(token, 'POST', deviceApi.create.path, { appID, ...d })).body.code).toBe(0);
  const get = (url: string, q: Record<string, unknown>) =>
    t.call(token, 'GET', url, q as Record<string, string>).then((r) => r.body);

  /** A relay (an ABP rhf3mr01 device) and its side of FPort 226. */
  async function relay() {
    const r = abpDevice(++n, { productType: 'rhf3mr01' });
    await create(r);
    const side = relaySide(r);
    const unwrap = (resp: PullResp) => {
      const inner = side.unwrap(resp);
      expect(inner).not.toBeNull();
      return inner!;
    };
    return { ...r, forward: side.forward, unwrap };
  }
  const nextPullResp = () => gw.waitFor(isPullResp, 4000, true) as Promise<PullResp>;

  it('joins an end-device through a relay and answers its confirmed uplink through the relay', async () => {
    const r = await relay();
    const d = otaaDevice(++n);
    await create(d);

    // Join: the join-accept comes back inside a ForwardDownlinkReq, in the relay's RX1 (tmst + 1 s).
    const jr = buildJoinRequest({ appKey: d.appKey, joinEUI: d.appEUI, devEUI: d.devEUI, devNonce: 0x0701 });
    const joinResp = nextPullResp();
    gw.push([rxpkOf(r.forward(jr), { tmst: 3_000_000, lsnr: 6, rssi: -90 })]);
    const jaResp = await joinResp;
    expect(jaResp.txpk).toMatchObject({ tmst: 4_000_000, freq: 868.1, datr: 'SF7BW125' });
    const ja = openJoinAccept(r.unwrap(jaResp), d.appKey);
    const keys = deriveSessionKeys10(d.appKey, ja.joinNonce, ja.netID, 0x0701);
    await settle(dp);

    const dev = (await get(deviceApi.status.path, { devEUI: d.devEUI })).data;
    expect(dev.devAddr).toBe(ja.devAddr);
    const [row] = rowsOf(
      await t.services.db.execute(sql`SELECT relay_dev_eui FROM devices WHERE dev_eui = ${d.devEUI}`),
    );
    expect(row?.relay_dev_eui).toBe(r.devEUI);

    // A confirmed uplink with a queued downlink: ACK and data come back through the relay.
    const queued = await t.call(token, 'POST', downlinkApi.create.path, {
      devEUI: d.devEUI,
      fport: 9,
      data: 'cafe01',
      confirmed: false,
    });
    expect(queued.body.code).toBe(0);
    const up = buildDataFrame({
      mType: 'ConfirmedDataUp',
      devAddr: ja.devAddr,
      fCnt: 0,
      fPort: 5,
      payload: Buffer.from('0102', 'hex'),
      nwkSKey: keys.nwkSKey,
      appSKey: keys.appSKey,
    });
    const dataResp = nextPullResp();
    gw.push([rxpkOf(r.forward(up), { tmst: 9_000_000 })]);
    const resp = await dataResp;
    expect(resp.txpk.tmst).toBe(10_000_000);
    const got = r.unwrap(resp);
    const down = openDataFrame(got, { nwkSKey: keys.nwkSKey, appSKey: keys.appSKey });
    expect(down.micValid).toBe(true);
    expect(down.frame.fCtrl.ack).toBe(true);
    expect(down.frame.fPort).toBe(9);
    expect(down.payload?.toString('hex')).toBe('cafe01');
    await settle(dp);

    const hist = await get(deviceDataApi.history.path, { devEUI: d.devEUI });
    const uplink = hist.data.find((m: { type: string }) => m.type === 'uplink');
    expect(uplink).toMatchObject({ fCnt: 0, fPort: 5, data: '0102', link: RELAY_LINK.RELAY, relayDevEUI: r.devEUI });
    // The relay's measurements, under the gateway that heard the relay.
    expect(uplink.rxInfo).toEqual([expect.objectContaining({ gwID: gw.eui, rssi: -111, snr: -4, freq: 868_300_000 })]);
    expect(uplink.sf).toBe(9);
    const join = hist.data.find((m: { type: string }) => m.type === 'join');
    expect(join).toMatchObject({ link: RELAY_LINK.RELAY, relayDevEUI: r.devEUI });
    const frames = (await get(deviceDataApi.lorawanHistory.path, { devEUI: d.devEUI })).data;
    const ups = frames.filter((f: { uplink: boolean }) => f.uplink);
    expect(ups).toHaveLength(2);
    for (const f of ups) expect(f).toMatchObject({ link: RELAY_LINK.RELAY, relayDevEUI: r.devEUI });
    // The relay's own FPort 226 frames are its network traffic: no application messages.
    expect((await get(deviceDataApi.history.path, { devEUI: r.devEUI })).amount).toBe(0);
    // The gateway heard the relay, never the end-device.
    const gwFrames = (await get(gatewayDataApi.history.path, { gwID: gw.eui, uplink: '1' })).data;
    expect(gwFrames.some((f: { devEUI: string | null }) => f.devEUI === d.devEUI)).toBe(false);
  });

  it('accepts a relayed frame once when two relays forward it', async () => {
    const r1 = await relay();
    const r2 = await relay();
    const d = abpDevice(++n);
    await create(d);
    const up = buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: d.devAddr,
      fCnt: 1,
      fPort: 3,
      payload: Buffer.from('aa', 'hex'),
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
    });
    gw.push([rxpkOf(r1.forward(up))]);
    gw.push([rxpkOf(r2.forward(up), { tmst: 1_000_500 })]);
    await settle(dp, 100);
    const hist = await get(deviceDataApi.history.path, { devEUI: d.devEUI });
    expect(hist.amount).toBe(1);
    expect([r1.devEUI, r2.devEUI]).toContain(hist.data[0].relayDevEUI);
  });

  it('shows the TS011 relay MAC answers of a relay in its frame', async () => {
    const r = await relay();
    const d = abpDevice(++n);
    await create(d);
    const inner = buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: d.devAddr,
      fCnt: 1,
      fPort: 3,
      payload: Buffer.from('bb', 'hex'),
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
    });
    const ans = relayMac.encodeAll([
      {
        type: 'RelayConfAns',
        secondChFreqAck: true,
        secondChAckOffsetAck: true,
        secondChDrAck: true,
        secondChIdxAck: true,
        defaultChIdxAck: true,
        cadPeriodicityAck: false,
      },
    ]);
    gw.push([rxpkOf(r.forward(inner, ans))]);
    await settle(dp, 100);
    const frames = (await get(deviceDataApi.lorawanHistory.path, { devEUI: r.devEUI })).data;
    const up = frames.find((f: { uplink: boolean }) => f.uplink);
    expect(up.macCommands).toEqual([expect.objectContaining({ type: 'RelayConfAns', cadPeriodicityAck: false })]);
    expect(up.link).toBeUndefined();
    expect((await get(deviceDataApi.history.path, { devEUI: d.devEUI })).amount).toBe(1);
  });

  it('keeps a class C downlink of a relayed device for its next uplink through the relay', async () => {
    const r = await relay();
    const d = abpDevice(++n, { class: 'C' });
    await create(d);
    const up = (fCnt: number) =>
      buildDataFrame({
        mType: 'UnconfirmedDataUp',
        devAddr: d.devAddr,
        fCnt,
        fPort: 3,
        payload: Buffer.from('cc', 'hex'),
        nwkSKey: d.nwkSKey,
        appSKey: d.appSKey,
      });
    gw.push([rxpkOf(r.forward(up(1)))]);
    await settle(dp);
    const queued = await t.call(token, 'POST', downlinkApi.create.path, {
      devEUI: d.devEUI,
      fport: 8,
      data: 'c0c0',
      confirmed: false,
    });
    expect(queued.body.code).toBe(0);
    // Sent at once by class C it would be the next PULL_RESP, straight to the device (no relay frame).
    const next = nextPullResp();
    gw.push([rxpkOf(r.forward(up(2)), { tmst: 20_000_000 })]);
    const resp = await next;
    expect(resp.txpk.tmst).toBe(21_000_000);
    const down = openDataFrame(r.unwrap(resp), { nwkSKey: d.nwkSKey, appSKey: d.appSKey });
    expect(down.micValid).toBe(true);
    expect(down.payload?.toString('hex')).toBe('c0c0');
  });
});
