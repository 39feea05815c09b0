import type { AppMessage } from '@lns/contract/frames';
import { openDataFrame } from '@lns/lorawan/frames';
import { buildJoinRequest, openJoinAccept } from '@lns/lorawan/join';
import { deriveSessionKeys10 } from '@lns/lorawan/keys';
import { decodeMacCommands, encodeMacCommands } from '@lns/lorawan/mac';
import type { Txpk } from '@lns/semtech-udp/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice, otaaDevice } from '../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { localTopics, topics } from '../bus/bus';
import type { DataPlane } from './dataplane';

const phyOf = (txpk: Txpk) => Buffer.from(txpk.data, 'base64');

describe('data plane over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let alice: string;
  let bob: string;
  let appID: number;
  let g1: TestGateway;
  let g2: TestGateway;
  let n = 100;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '60', DOWNLINK_RETRIES: '1' });
    const started = await startDataPlane(t);
    dp = started.dp;
    alice = (await t.userWithToken('dp-alice')).token;
    bob = (await t.userWithToken('dp-bob')).token;
    appID = (await t.call(alice, 'POST', '/api/application/create', { appName: 'dp-app', productType: 'lorawan' })).body
      .data.appID;
    g1 = await connectGateway(t, alice, started.port, 'a840410000000001', 'gw-one');
    g2 = await connectGateway(t, alice, started.port, 'a840410000000002', 'gw-two');
  });
  afterAll(async () => {
    g1?.close();
    g2?.close();
    await t.close();
  });

  /** A fresh ABP device created through the API. */
  async function abp(extra: Record<string, unknown> = {}) {
    const d = abpDevice(++n, extra);
    const res = await t.call(alice, 'POST', '/api/device/create', { appID, ...d });
    expect(res.body.code).toBe(0);
    return { ...d, frame: abpSession(d) };
  }
  const get = (url: string, q: Record<string, unknown>, token = alice) =>
    t.call(token, 'GET', url, q as Record<string, string>).then((r) => r.body);
  const enqueue = (body: Record<string, unknown>, token = alice) =>
    t.call(token, 'POST', '/api/device/downlink/create', body).then((r) => r.body);
  const downlinks = async (devEUI: string) => (await get('/api/device/downlink/history', { devEUI })).data;
  /** The newest downlink record once it matches (TX_ACK handling is asynchronous). */
  const downlinkWhen = async (devEUI: string, match: Record<string, unknown>) => {
    for (let i = 0; i < 100; i++) {
      const [rec] = await downlinks(devEUI);
      if (Object.entries(match).every(([k, v]) => rec?.[k] === v)) return rec;
      await new Promise((r) => setTimeout(r, 30));
    }
    return (await downlinks(devEUI))[0];
  };
  const nextPullResp = (gw: TestGateway) => gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;

  it('stores one uplink heard by two gateways once, with both rx infos, and publishes it', async () => {
    const d = await abp();
    const busApp: unknown[] = [];
    const local: unknown[] = [];
    const off1 = t.services.bus.subscribe(topics.deviceApp(d.devEUI), (e) => busApp.push(e));
    const off2 = t.services.local.subscribe(localTopics.appMessage, (e) => local.push(e));
    const phy = d.frame({ fCnt: 1, fPort: 10, payload: Buffer.from('hello') });
    g1.push([rxpkOf(phy, { rssi: -80, lsnr: 2 })]);
    g2.push([rxpkOf(phy, { rssi: -70, lsnr: 9, tmst: 2_000_000 })]);
    await settle(dp);
    off1();
    off2();

    const hist = await get('/api/device/history', { devEUI: d.devEUI });
    expect(hist.amount).toBe(1);
    expect(hist.data[0]).toMatchObject({
      type: 'uplink',
      fCnt: 1,
      fPort: 10,
      data: Buffer.from('hello').toString('hex'),
    });
    // The better reception (g2, heard second) first, and it gives the message its RSSI and SNR.
    expect(hist.data[0].rxInfo.map((r: { gwID: string }) => r.gwID)).toEqual([g2.eui, g1.eui]);
    expect(hist.data[0]).toMatchObject({ gwID: g2.eui, rssi: -70, snr: 9 });
    const frames = await get('/api/device/lorawan/history', { devEUI: d.devEUI });
    expect(frames.amount).toBe(1);
    expect(frames.data[0]).toMatchObject({
      uplink: true,
      msgType: 2,
      gwID: g2.eui,
      phy: phy.toString('hex'),
      sf: 7,
      bw: 125,
    });
    const info = await get('/api/device/lorawan/datainfo', {
      devEUI: d.devEUI,
      msgID: frames.data[0].msgID,
      createtime: frames.data[0].createtime,
    });
    expect(info.data.msgID).toBe(frames.data[0].msgID);

    const status = (await get('/api/device/status', { devEUI: d.devEUI })).data;
    expect(status).toMatchObject({ rssi: -70, snr: 9 });
    expect(status.lastSeen).toBeGreaterThan(0);
    for (const gw of [g1, g2]) {
      const gh = await get('/api/gateway/history', { gwID: gw.eui, uplink: '1' });
      expect(gh.data.filter((f: { phy: string }) => f.phy === phy.toString('hex'))).toHaveLength(1);
    }
    expect(busApp).toHaveLength(1);
    expect(local).toHaveLength(1);
    expect(local[0]).toMatchObject({ application: { appID, appName: 'dp-app' }, message: { devEUI: d.devEUI } });
    // An unconfirmed uplink with nothing queued gets no downlink.
    expect(g1.pullResps().length + g2.pullResps().length).toBe(0);
  });

  it('rejects a replayed frame and an older FCnt, and drops a bad MIC', async () => {
    const d = await abp();
    const f5 = d.frame({ fCnt: 5 });
    g1.push([rxpkOf(f5)]);
    await settle(dp);
    g1.push([rxpkOf(f5)]); // replay of the same frame
    g1.push([rxpkOf(d.frame({ fCnt: 3 }))]); // an older counter
    g1.push([rxpkOf(abpSession({ ...d, nwkSKey: 'ff'.repeat(16) })({ fCnt: 9 }))]); // bad MIC
    await settle(dp);
    expect((await get('/api/device/lorawan/history', { devEUI: d.devEUI })).amount).toBe(1);
    const metrics = await t.services.metrics.getSingleMetricAsString('lns_uplinks_total');
    expect(metrics).toMatch(/result="replay"} [1-9]/);
    expect(metrics).toMatch(/result="bad_mic"} [1-9]/);
    // The gateway still logged every frame it heard.
    const gh = await get('/api/gateway/history', { gwID: g1.eui, pageSize: '200' });
    expect(gh.data.filter((f: { devAddr: string }) => f.devAddr === d.devAddr).length).toBeGreaterThanOrEqual(4);
    // A later counter is accepted again.
    g1.push([rxpkOf(d.frame({ fCnt: 6 }))]);
    await settle(dp);
    expect((await get('/api/device/lorawan/history', { devEUI: d.devEUI })).amount).toBe(2);
  });

  it('rebuilds the 32-bit FCnt across the 16-bit rollover', async () => {
    const d = await abp({ fCntUp: 0xfffe });
    g1.push([rxpkOf(d.frame({ fCnt: 0x1_0003 }))]); // wire FCnt 3, counter 65539
    await settle(dp);
    const frames = await get('/api/device/lorawan/history', { devEUI: d.devEUI });
    expect(frames.data[0]).toMatchObject({ fCnt: 0x1_0003 });
    expect((await get('/api/device/status', { devEUI: d.devEUI })).data.fCntUp).toBe(0x1_0004);
  });

  it('handles an OTAA join: join-accept in RX1 with the CFList, DevNonce replay refused, session works', async () => {
    const d = otaaDevice(++n);
    expect((await t.call(alice, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    const jr = buildJoinRequest({ appKey: d.appKey, joinEUI: d.appEUI, devEUI: d.devEUI, devNonce: 0x1234 });
    g1.push([rxpkOf(jr, { tmst: 4_000_000_000, lsnr: 5 })]);
    g2.push([rxpkOf(jr, { tmst: 10, lsnr: -3 })]);
    const resp = await nextPullResp(g1);
    expect(resp.txpk).toMatchObject({
      tmst: (4_000_000_000 + 5_000_000) >>> 0,
      freq: 868.1,
      datr: 'SF7BW125',
      ipol: true,
    });
    const ja = openJoinAccept(phyOf(resp.txpk), d.appKey);
    expect(ja.rxDelay).toBe(1);
    expect(ja.dlSettings).toMatchObject({ rx1DrOffset: 0, rx2DataRate: 0 });
    expect(ja.cfList).toEqual({
      type: 0,
      frequencies: [867_100_000, 867_300_000, 867_500_000, 867_700_000, 867_900_000],
    });
    await settle(dp);
    const status = (await get('/api/device/status', { devEUI: d.devEUI })).data;
    expect(status).toMatchObject({ devAddr: ja.devAddr, status: 'joined', fCntUp: 0, fCntDown: 0 });
    const joins = await get('/api/device/history', { devEUI: d.devEUI });
    expect(joins.data[0]).toMatchObject({ type: 'join', devAddr: ja.devAddr });

    // Same DevNonce again: no join-accept.
    const before = g1.pullResps().length + g2.pullResps().length;
    g1.push([rxpkOf(jr, { tmst: 7 })]);
    await settle(dp, 50);
    expect(g1.pullResps().length + g2.pullResps().length).toBe(before);

    // The session the device derives works for uplinks.
    const keys = deriveSessionKeys10(d.appKey, ja.joinNonce, ja.netID, 0x1234);
    const up = abpSession({ devAddr: ja.devAddr, ...keys })({ fCnt: 0, fPort: 2, payload: Buffer.from('0102', 'hex') });
    g1.push([rxpkOf(up)]);
    await settle(dp);
    const msgs = await get('/api/device/history', { devEUI: d.devEUI });
    expect(msgs.data[0]).toMatchObject({ type: 'uplink', data: '0102', fCnt: 0 });
  });

  it('sends a class A downlink in RX1 with tmst modulo 2^32, then RX2 when RX1 cannot be met', async () => {
    const d = await abp();
    const q = await enqueue({ devEUI: d.devEUI, fport: 5, data: 'ABCD', confirmed: 0 });
    expect(q).toMatchObject({ code: 0, data: { status: 0, delivery: 'not_sent', fPort: 5, data: 'abcd' } });
    g1.push([rxpkOf(d.frame({ fCnt: 1 }), { tmst: 0xffffff00, lsnr: 1 })]);
    g2.push([rxpkOf(d.frame({ fCnt: 1 }), { tmst: 0x10, lsnr: 8, freq: 868.3 })]);
    // The best gateway (SNR 8) carries it.
    const resp = await nextPullResp(g2);
    expect(resp.txpk).toMatchObject({ tmst: (0x10 + 1_000_000) >>> 0, freq: 868.3, datr: 'SF7BW125', ipol: true });
    expect(resp.txpk.imme).toBeUndefined();
    const down = openDataFrame(phyOf(resp.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    expect(down.micValid).toBe(true);
    expect(down.frame).toMatchObject({ mType: 'UnconfirmedDataDown', fPort: 5 });
    expect(down.payload?.toString('hex')).toBe('abcd');
    g2.txAck(resp.token, 'NONE');
    expect(await downlinkWhen(d.devEUI, { status: 2 })).toMatchObject({
      status: 2,
      delivery: 'success',
      gwID: g2.eui,
      fCnt: 0,
      responseErrorByGateway: null,
    });
    await settle(dp);
    const lw = await get('/api/device/lorawan/history', { devEUI: d.devEUI, uplink: '0' });
    expect(lw.data[0]).toMatchObject({ uplink: false, msgType: 3, fPort: 5 });

    // RX1 no longer reachable (deadline 0): RX2 at tmst + 2 s, 869.525 MHz, SF12.
    const cfg = t.services.config;
    cfg.RX1_DEADLINE_MS = 0;
    try {
      await enqueue({ devEUI: d.devEUI, fport: 6, data: '01', confirmed: false });
      g1.push([rxpkOf(d.frame({ fCnt: 2 }), { tmst: 0xfff00000 })]);
      const rx2 = await nextPullResp(g1);
      expect(rx2.txpk).toMatchObject({ tmst: (0xfff00000 + 2_000_000) >>> 0, freq: 869.525, datr: 'SF12BW125' });
      const f = openDataFrame(phyOf(rx2.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 1 });
      expect(f.micValid).toBe(true);
    } finally {
      cfg.RX1_DEADLINE_MS = 700;
    }
    await settle(dp);
  });

  it('records a TX_ACK error on the downlink', async () => {
    const d = await abp();
    await enqueue({ devEUI: d.devEUI, fport: 9, data: '00ff', confirmed: false });
    g1.push([rxpkOf(d.frame({ fCnt: 1 }), { lsnr: 20 })]);
    const resp = await nextPullResp(g1);
    g1.txAck(resp.token, 'TOO_LATE');
    const rec = await downlinkWhen(d.devEUI, { delivery: 'error' });
    expect(rec).toMatchObject({ delivery: 'error', responseErrorByGateway: 'TOO_LATE', status: 0, retries: 1 });
  });

  it('confirms a confirmed downlink on the ACK of the next uplink, and times out another', async () => {
    const d = await abp();
    await enqueue({ devEUI: d.devEUI, fport: 3, data: 'aa', confirmed: 1 });
    g1.push([rxpkOf(d.frame({ fCnt: 1 }), { lsnr: 20 })]);
    const r1 = await nextPullResp(g1);
    expect(phyOf(r1.txpk)[0]! >> 5).toBe(5); // Confirmed Data Down
    g1.txAck(r1.token);
    expect(await downlinkWhen(d.devEUI, { status: 2 })).toMatchObject({ status: 2, delivery: 'success' });
    g1.push([rxpkOf(d.frame({ fCnt: 2, fCtrl: { ack: true } }), { lsnr: 20 })]);
    await settle(dp);
    expect((await downlinks(d.devEUI))[0]).toMatchObject({ status: 3, ack: 'ACK' });

    // No ACK: resent once (DOWNLINK_RETRIES=1), then status 4.
    await enqueue({ devEUI: d.devEUI, fport: 3, data: 'bb', confirmed: true });
    g1.push([rxpkOf(d.frame({ fCnt: 3 }), { lsnr: 20 })]);
    await nextPullResp(g1);
    await settle(dp);
    g1.push([rxpkOf(d.frame({ fCnt: 4 }), { lsnr: 20 })]);
    const resent = await nextPullResp(g1);
    expect(
      openDataFrame(phyOf(resent.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 2 }).payload?.toString('hex'),
    ).toBe('bb');
    await settle(dp);
    expect((await downlinks(d.devEUI))[0]).toMatchObject({ status: 1, retries: 1 });
    g1.push([rxpkOf(d.frame({ fCnt: 5 }), { lsnr: 20 })]);
    await settle(dp);
    const [last, first] = await downlinks(d.devEUI);
    expect(last).toMatchObject({ data: 'bb', status: 4, ack: 'NACK' });
    expect(first).toMatchObject({ data: 'aa', status: 3 });
  });

  it('sends a class C downlink at once on RX2 (imme)', async () => {
    const d = await abp({ class: 'C' });
    g2.push([rxpkOf(d.frame({ fCnt: 1 }), { lsnr: 30 })]);
    await settle(dp);
    const before = g2.pullResps().length;
    const q = await enqueue({ devEUI: d.devEUI, fport: 7, data: '0102', confirmed: false });
    expect(q.code).toBe(0);
    const resp = (await g2.waitFor((x) => isPullResp(x) && g2.pullResps().length > before, 3000, true)) as PullResp;
    expect(resp.txpk).toMatchObject({ imme: true, freq: 869.525, datr: 'SF12BW125', ipol: true });
    expect(resp.txpk.tmst).toBeUndefined();
    const f = openDataFrame(phyOf(resp.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    expect(f.payload?.toString('hex')).toBe('0102');
    g2.txAck(resp.token);
    expect(await downlinkWhen(d.devEUI, { status: 2 })).toMatchObject({ status: 2, delivery: 'success' });
  });

  it('answers LinkCheckReq and DeviceTimeReq in FOpts and stores DevStatusAns', async () => {
    const d = await abp();
    const fOpts = Buffer.from([0x02, 0x0d, 0x06, 0x50, 0x05]); // LinkCheckReq, DeviceTimeReq, DevStatusAns(80, 5)
    g1.push([rxpkOf(d.frame({ fCnt: 1, fOpts }), { lsnr: 30, datr: 'SF9BW125' })]);
    const resp = await nextPullResp(g1);
    const f = openDataFrame(phyOf(resp.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    const cmds = decodeMacCommands(f.frame.fOpts, 'down');
    expect(cmds[0]).toEqual({ type: 'LinkCheckAns', margin: 43, gwCnt: 1 });
    expect(cmds[1]?.type).toBe('DeviceTimeAns');
    await settle(dp);
    const frames = await get('/api/device/lorawan/history', { devEUI: d.devEUI, uplink: 'true' });
    expect(frames.data[0].macCommands.map((c: { type: string }) => c.type)).toEqual([
      'LinkCheckReq',
      'DeviceTimeReq',
      'DevStatusAns',
    ]);
  });

  it('sends MAC answers over 15 bytes as an FRMPayload on port 0, encrypted with NwkSKey', async () => {
    const d = await abp();
    // 5 LinkCheckReq + 2 DeviceTimeReq: 5 × 3 + 2 × 6 = 27 bytes of answers.
    const fOpts = Buffer.from([0x02, 0x02, 0x02, 0x02, 0x02, 0x0d, 0x0d]);
    g1.push([rxpkOf(d.frame({ fCnt: 1, fOpts }), { lsnr: 5, datr: 'SF9BW125' })]);
    const resp = await nextPullResp(g1);
    const f = openDataFrame(phyOf(resp.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    expect(f.micValid).toBe(true);
    expect(f.frame).toMatchObject({ fPort: 0, fOpts: Buffer.alloc(0) });
    const cmds = decodeMacCommands(f.payload!, 'down');
    expect(cmds.map((c) => c.type)).toEqual([...Array(5).fill('LinkCheckAns'), 'DeviceTimeAns', 'DeviceTimeAns']);
    await settle(dp);
  });

  it('adapts the data rate: after 20 ADR uplinks a LinkADRReq goes out, and its LinkADRAns applies it', async () => {
    const d = await abp();
    const up = (fCnt: number, fOpts?: Buffer) =>
      g1.push([rxpkOf(d.frame({ fCnt, fCtrl: { adr: true }, fOpts }), { lsnr: 8, datr: 'SF12BW125' })]);
    const sent = () => g1.pullResps().length;
    const before = sent();
    for (let fCnt = 1; fCnt < 20; fCnt++) {
      up(fCnt);
      await settle(dp);
    }
    expect(sent()).toBe(before);
    up(20);
    // SF12 needs −20 dB: 8 + 20 − 10 (margin) = 18 dB → 6 steps: DR0 → DR5, then one power step.
    const resp = await nextPullResp(g1);
    const f = openDataFrame(phyOf(resp.txpk), { nwkSKey: d.nwkSKey, appSKey: d.appSKey, fCnt: 0 });
    expect(f.micValid).toBe(true);
    expect(decodeMacCommands(f.frame.fOpts, 'down')).toEqual([
      { type: 'LinkADRReq', dataRate: 5, txPower: 1, chMask: 0x00ff, chMaskCntl: 0, nbTrans: 1 },
    ]);
    await settle(dp);
    const status = async () => (await get('/api/device/status', { devEUI: d.devEUI })).data;
    expect(await status()).toMatchObject({ txPower: 0, txPowerDbm: 16, nbTrans: 1 });
    const afterRequest = sent();

    // The device accepts (LinkADRAns with all three ACK bits) on its new data rate.
    g1.push([rxpkOf(d.frame({ fCnt: 21, fCtrl: { adr: true }, fOpts: Buffer.from([0x03, 0x07]) }), { lsnr: 8 })]);
    await settle(dp);
    expect(await status()).toMatchObject({ txPower: 1, txPowerDbm: 14, nbTrans: 1, dr: 5 });
    // The history starts over after a request: no new LinkADRReq on the next uplink.
    expect(sent()).toBe(afterRequest);
  });

  it("decodes uplinks with the application's decoder (Cayenne LPP, JavaScript) and records decoder errors", async () => {
    const appWith = async (appName: string, decoder: Record<string, string>) => {
      const res = await t.call(alice, 'POST', '/api/application/create', { appName, decoder });
      expect(res.body.code).toBe(0);
      return res.body.data.appID as number;
    };
    const lppApp = await appWith('dp-lpp', { name: 'lpp', type: 'cayenne', content: '' });
    const jsApp = await appWith('dp-js', {
      name: 'js',
      type: 'javascript',
      content:
        'function decodeUplink(i) { if (i.bytes[0] === 0xff) throw new Error("bad frame"); return { data: { n: i.bytes[0], port: i.fPort } }; }',
    });
    const lpp = abpDevice(++n);
    const js = abpDevice(++n);
    expect((await t.call(alice, 'POST', '/api/device/create', { appID: lppApp, ...lpp })).body.code).toBe(0);
    expect((await t.call(alice, 'POST', '/api/device/create', { appID: jsApp, ...js })).body.code).toBe(0);
    const messages: AppMessage[] = [];
    const off = t.services.local.subscribe(localTopics.appMessage, (e) =>
      messages.push((e as { message: AppMessage }).message),
    );

    g1.push([
      rxpkOf(
        abpSession(lpp)({ fCnt: 1, fPort: 3, payload: Buffer.from('036701100567 00ff'.replace(/ /g, ''), 'hex') }),
      ),
    ]);
    g1.push([rxpkOf(abpSession(js)({ fCnt: 1, fPort: 7, payload: Buffer.from([42]) }))]);
    await settle(dp);
    g1.push([rxpkOf(abpSession(js)({ fCnt: 2, fPort: 7, payload: Buffer.from([0xff]) }))]);
    await settle(dp);
    off();

    const history = async (devEUI: string) => (await get('/api/device/history', { devEUI })).data;
    expect((await history(lpp.devEUI))[0].object).toEqual({ temperature_3: 27.2, temperature_5: 25.5 });
    const [bad, good] = await history(js.devEUI);
    expect(good.object).toEqual({ n: 42, port: 7 });
    expect(bad.object).toBeUndefined();
    expect(bad.decodeError).toMatch(/bad frame/);
    // The same objects travel with the events that feed push, MQTT and the live pages.
    expect(messages.map((m) => m.object ?? m.decodeError)).toEqual([
      { temperature_3: 27.2, temperature_5: 25.5 },
      { n: 42, port: 7 },
      expect.stringMatching(/bad frame/),
    ]);

    // An edited script applies from the next uplink.
    const edit = await t.call(alice, 'POST', '/api/application/update', {
      appID: jsApp,
      appName: 'dp-js',
      decoder: { name: 'js', type: 'javascript', content: 'function Decode(port, bytes) { return { v2: bytes[0] }; }' },
    });
    expect(edit.body.code).toBe(0);
    g1.push([rxpkOf(abpSession(js)({ fCnt: 3, fPort: 7, payload: Buffer.from([5]) }))]);
    await settle(dp);
    expect((await history(js.devEUI))[0].object).toEqual({ v2: 5 });
  });

  it('validates downlinks: port, hex, size, MAC commands', async () => {
    const d = await abp();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await enqueue({ devEUI: d.devEUI, fport: 1, data: '00', confirmed: 0, ...body });
      expect(r.code, JSON.stringify(r)).toBeGreaterThan(1000);
      expect(r.field).toBe(field);
    };
    await bad({ fport: 0 }, 'fport');
    await bad({ fport: 256 }, 'fport');
    await bad({ data: 'zz' }, 'data');
    await bad({ data: 'abc' }, 'data');
    await bad({ data: '' }, 'data');
    await bad({ data: 'ab'.repeat(300) }, 'data');
    await bad({ fport: 0, macCommands: 1, data: 'ff' }, 'data');
    const ok = await enqueue({
      devEUI: d.devEUI,
      fport: 0,
      macCommands: true,
      data: encodeMacCommands([{ type: 'DevStatusReq' }]).toString('hex'),
      confirmed: 0,
    });
    expect(ok).toMatchObject({ code: 0, data: { fPort: 0, macCommands: true } });
    expect((await enqueue({ devEUI: 'ffffffffffffffff', fport: 1, data: '00', confirmed: 0 })).code).toBe(4001);
  });

  it("keeps a user out of another user's devices and gateways", async () => {
    const d = await abp();
    expect((await get('/api/device/history', { devEUI: d.devEUI }, bob)).code).toBe(4001);
    expect((await get('/api/device/lorawan/history', { devEUI: d.devEUI }, bob)).code).toBe(4001);
    expect((await get('/api/device/downlink/history', { devEUI: d.devEUI }, bob)).code).toBe(4001);
    expect((await enqueue({ devEUI: d.devEUI, fport: 1, data: '00', confirmed: 0 }, bob)).code).toBe(4001);
    expect((await get('/api/gateway/history', { gwID: g1.eui }, bob)).code).toBe(5001);
    expect((await get('/api/gwconnection/history', { gwID: g1.eui }, bob)).code).toBe(5001);
    expect((await get('/api/gwstats/history', { gwID: g1.eui }, bob)).code).toBe(5001);
    const admin = await t.login();
    expect((await get('/api/device/history', { devEUI: d.devEUI }, admin)).code).toBe(0);
  });

  it('tracks gateway link state and stats', async () => {
    await settle(dp);
    const conn = await get('/api/gwconnection/history', { gwID: g1.eui });
    expect(conn.data[conn.amount! - 1]).toMatchObject({ gwID: g1.eui, online: true, mqtt: false });
    g1.push([], { rxnb: 3, rxok: 2, txnb: 1, time: '2026-01-01 00:00:00 GMT' });
    await settle(dp);
    const stats = await get('/api/gwstats/history', { gwID: g1.eui });
    expect(stats.data[0]).toMatchObject({ gwID: g1.eui, stat: { rxnb: 3, rxok: 2 } });
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/gwstats/excel?gwID=${g1.eui}`,
      headers: { 'x-access-token': alice },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    // No datagram for longer than the offline delay: offline, with a link-history row.
    const flipped = await dp.gateways.sweep(-1000);
    expect(flipped).toContain(g1.eui);
    await settle(dp);
    const after = await get('/api/gwconnection/history', { gwID: g1.eui, orderType: 'desc' });
    expect(after.data[0]).toMatchObject({ online: false });
    g1.pull();
    await g1.waitFor((x) => x.kind === 'PULL_ACK', 2000, true);
    await settle(dp, 50);
    const back = await get('/api/gwconnection/history', { gwID: g1.eui, orderType: 'desc' });
    expect(back.data[0]).toMatchObject({ online: true });
  });
});
