import { openDataFrame } from '@lns/lorawan/frames';
import { decodeRhf3mr01, encodeRhf3mr01, type Rhf3mr01Message } from '@lns/lorawan/relay/rhf3mr01';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { relaySide } from '../../test/relay-kit';
import type { DataPlane } from '../ns/dataplane';

/** The request machine over the real UDP socket: requests leave in RX windows, retries, timeout, answers. */
describe('relay requests over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let alice: string;
  let gw: TestGateway;
  const d = abpDevice(0x7300, { productType: 'rhf3mr01' });
  const frame = abpSession(d);
  let fCnt = 0;
  let tmst = 1_000_000;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30' });
    const started = await startDataPlane(t);
    dp = started.dp;
    alice = (await t.userWithToken('relay-udp-alice')).token;
    const appID = (await t.call(alice, 'POST', '/api/application/create', { appName: 'relays' })).body.data.appID;
    expect((await t.call(alice, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    gw = await connectGateway(t, alice, started.port, 'a840410000007301');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  /** One uplink of the relay (an answer on FPort 210, or plain data); returns the rhf3mr01 request its RX1 carried. */
  async function uplink(answer?: Rhf3mr01Message): Promise<(Rhf3mr01Message & { token: number }) | undefined> {
    const phy = answer
      ? frame({ fCnt: ++fCnt, fPort: 210, payload: encodeRhf3mr01(answer) })
      : frame({ fCnt: ++fCnt, fPort: 2 });
    const before = gw.pullResps().length;
    tmst += 5_000_000;
    gw.push([rxpkOf(phy, { tmst })]);
    await settle(dp);
    if (gw.pullResps().length === before) await gw.waitFor(isPullResp, 100, true).catch(() => undefined);
    const r = gw.pullResps()[before] as PullResp | undefined;
    if (!r) return undefined;
    gw.txAck(r.token);
    const down = openDataFrame(Buffer.from(r.txpk.data, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    if (down.frame.fPort !== 210 || !down.payload) return undefined;
    return decodeRhf3mr01(down.payload, 'down') as Rhf3mr01Message & { token: number };
  }
  const request = async (kind: string) =>
    (await t.call(alice, 'GET', '/api/relay/device/config/info', { devEUI: d.devEUI, kind })).body.data[0];

  it('a request leaves with the next uplink, is sent again with a new token after 2 silent uplinks, times out after 6', async () => {
    expect(
      (await t.call(alice, 'POST', '/api/relay/device/event/query', { devEUI: d.devEUI, query: 'status' })).body.code,
    ).toBe(0);
    const first = await uplink();
    expect(first?.type).toBe('StatusReq');
    expect(await request('status')).toMatchObject({ state: 'sent', attempts: 0 });
    expect(await uplink()).toBeUndefined();
    expect(await request('status')).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await uplink()).toBeUndefined();
    const second = await uplink();
    expect(second?.type).toBe('StatusReq');
    expect(second?.token).not.toBe(first?.token);
    expect(await request('status')).toMatchObject({ state: 'sent', attempts: 3 });
    await uplink();
    expect((await uplink())?.type).toBe('StatusReq');
    expect(await request('status')).toMatchObject({ state: 'sent', attempts: 5 });
    // The answer to the first try comes too late: its token is no longer the request's.
    await uplink({ type: 'StatusAns', token: first!.token, result: 4, body: null });
    expect(await request('status')).toMatchObject({ state: 'timeout', attempts: 6 });
    // A new one may be asked now.
    expect(
      (await t.call(alice, 'POST', '/api/relay/device/event/query', { devEUI: d.devEUI, query: 'status' })).body.code,
    ).toBe(0);
  });

  it('an answer in an uplink closes the request it matches', async () => {
    const req = await uplink();
    expect(req?.type).toBe('StatusReq');
    await uplink({
      type: 'StatusAns',
      token: req!.token,
      result: 0,
      body: {
        status: 0,
        workMode: 1,
        backwardMode: 1,
        slaveNum: 0,
        battery: 50,
        voltage: 3300,
        temperature: 200,
        wake: 1,
      },
    });
    expect(await request('status')).toMatchObject({ state: 'done', result: 0, attempts: 0 });
    const st = (await t.call(alice, 'GET', '/api/relay/device/status', { devEUI: d.devEUI })).body.data;
    expect(st).toMatchObject({ battery: 50, voltage: 3.3 });
  });

  it('a slave’s uplink carried by the relay (FPort 226) counts in its receive', async () => {
    const r = abpDevice(0x7301, { productType: 'rhf3mr01' });
    const slave = abpDevice(0x7302);
    const appID = (await t.call(alice, 'GET', '/api/device/status', { devEUI: d.devEUI })).body.data.appID;
    for (const x of [r, slave])
      expect((await t.call(alice, 'POST', '/api/device/create', { appID, ...x })).body.code).toBe(0);
    expect(
      (await t.call(alice, 'POST', '/api/relay/device/bind', { devEUI: r.devEUI, slaveDevEUIs: [slave.devEUI] })).body
        .code,
    ).toBe(0);
    const side = relaySide(r);
    tmst += 5_000_000;
    gw.push([rxpkOf(side.forward(abpSession(slave)({ fCnt: 1, fPort: 3 })), { tmst })]);
    // The relayed copy goes through de-duplication again: settle twice.
    await settle(dp);
    await settle(dp);
    const list = (await t.call(alice, 'GET', '/api/relay/device/slave/list', { devEUI: r.devEUI })).body;
    expect(list.data[0]).toMatchObject({ slaveDevEUI: slave.devEUI, receive: 1 });
    expect(list.data[0].lastRelayed).toBeGreaterThan(0);
  });
});
