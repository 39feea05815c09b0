import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { relayDeviceApi } from '@lns/contract/api/relay';
import { openDataFrame } from '@lns/lorawan/frames';
import { decodeRhf3mr01, encodeRhf3mr01, type Rhf3mr01Message } from '@lns/lorawan/relay/rhf3mr01';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { relaySide } from '../../test/relay-kit';
import { uplinkAnswer } from '../../test/uplink-answer';
import type { DataPlane } from '../ns/dataplane';

/** A relay on a real UDP gateway: its uplinks (plain, or an answer) and the rhf3mr01 request each one's RX1 carried. */
function relayOnAir(env: Record<string, string>, devEUI: number) {
  const d = abpDevice(devEUI, { productType: 'rhf3mr01' });
  const frame = abpSession(d);
  let fCnt = 0;
  let tmst = 1_000_000;
  const s = {
    d,
    t: undefined as unknown as TestApp,
    dp: undefined as unknown as DataPlane,
    alice: '',
    gw: undefined as unknown as TestGateway,
    /** Another gateway clock tick apart from the last frame (5 s). */
    nextTmst: () => (tmst += 5_000_000),
    async start(gwEUI: string) {
      s.t = await createTestApp({ DEDUP_WINDOW_MS: '30', ...env });
      const started = await startDataPlane(s.t);
      s.dp = started.dp;
      s.alice = (await s.t.userWithToken('relay-udp-alice')).token;
      const appID = (await s.t.call(s.alice, 'POST', applicationApi.create.path, { appName: 'relays' })).body.data
        .appID;
      expect((await s.t.call(s.alice, 'POST', deviceApi.create.path, { appID, ...d })).body.code).toBe(0);
      s.gw = await connectGateway(s.t, s.alice, started.port, gwEUI);
    },
    async close() {
      s.gw?.close();
      await s.t?.close();
    },
    async uplink(answer?: Rhf3mr01Message): Promise<(Rhf3mr01Message & { token: number }) | undefined> {
      const phy = answer
        ? frame({ fCnt: ++fCnt, fPort: 210, payload: encodeRhf3mr01(answer) })
        : frame({ fCnt: ++fCnt, fPort: 2 });
      const r = await uplinkAnswer(s.t.services, s.gw, {
        devEUI: d.devEUI,
        fCnt,
        rxpk: rxpkOf(phy, { tmst: s.nextTmst() }),
      });
      if (!r) return undefined;
      s.gw.txAck(r.token);
      const down = openDataFrame(Buffer.from(r.txpk.data, 'base64'), {
        nwkSKey: d.nwkSKey,
        appSKey: d.appSKey,
        lastFCnt: null,
      });
      if (down.frame.fPort !== 210 || !down.payload) return undefined;
      return decodeRhf3mr01(down.payload, 'down') as Rhf3mr01Message & { token: number };
    },
    request: async (kind: string) =>
      (await s.t.call(s.alice, 'GET', relayDeviceApi.configInfo.path, { devEUI: d.devEUI, kind })).body.data[0],
    askStatus: async () =>
      (await s.t.call(s.alice, 'POST', relayDeviceApi.query.path, { devEUI: d.devEUI, query: 'status' })).body.code,
  };
  return s;
}

/** The request machine over the real UDP socket: requests leave in RX windows, retries, timeout, answers. */
describe('relay requests over the real UDP socket', () => {
  // Uplinks here come faster than a device's answer could: each one counts (the wait is below).
  const air = relayOnAir({ RELAY_ANSWER_WAIT_MS: '0' }, 0x7300);
  const { d, uplink, request } = air;

  beforeAll(() => air.start('a840410000007301'));
  afterAll(() => air.close());

  it('a request leaves with the next uplink, is sent again with a new token after 2 silent uplinks, times out after 6', async () => {
    expect(await air.askStatus()).toBe(0);
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
    expect(await air.askStatus()).toBe(0);
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
    const st = (await air.t.call(air.alice, 'GET', relayDeviceApi.status.path, { devEUI: d.devEUI })).body.data;
    expect(st).toMatchObject({ battery: 50, voltage: 3.3 });
  });

  it('slave uplinks carried by the relay (FPort 226) count in its receive, not as attempts of its requests', async () => {
    const r = abpDevice(0x7301, { productType: 'rhf3mr01' });
    const slave = abpDevice(0x7302);
    const appID = (await air.t.call(air.alice, 'GET', deviceApi.status.path, { devEUI: d.devEUI })).body.data.appID;
    for (const x of [r, slave])
      expect((await air.t.call(air.alice, 'POST', deviceApi.create.path, { appID, ...x })).body.code).toBe(0);
    expect(
      (
        await air.t.call(air.alice, 'POST', relayDeviceApi.bind.path, {
          devEUI: r.devEUI,
          slaveDevEUIs: [slave.devEUI],
        })
      ).body.code,
    ).toBe(0);
    // The relay's own uplink carries the BindReq; the frames it forwards then (more than the attempts
    // that time a request out) leave the bind waiting for its answer.
    const before = air.gw.pullResps().length;
    air.gw.push([rxpkOf(abpSession(r)({ fCnt: 1, fPort: 2 }), { tmst: air.nextTmst() })]);
    await settle(air.dp);
    // The PULL_RESP may have come during settle: wait only when it has not.
    if (air.gw.pullResps().length === before) await air.gw.waitFor(isPullResp, 2000, true);
    air.gw.txAck((air.gw.pullResps()[before] as PullResp).token);
    const side = relaySide(r, 1);
    for (let fCnt = 1; fCnt <= 7; fCnt++) {
      air.gw.push([rxpkOf(side.forward(abpSession(slave)({ fCnt, fPort: 3 })), { tmst: air.nextTmst() })]);
      // The relayed copy goes through de-duplication again: settle twice.
      await settle(air.dp);
      await settle(air.dp);
    }
    const list = (await air.t.call(air.alice, 'GET', relayDeviceApi.slaves.path, { devEUI: r.devEUI })).body;
    expect(list.data[0]).toMatchObject({ slaveDevEUI: slave.devEUI, receive: 7 });
    const bind = (
      await air.t.call(air.alice, 'GET', relayDeviceApi.configInfo.path, { devEUI: r.devEUI, kind: 'bind' })
    ).body.data[0];
    expect(bind).toMatchObject({ state: 'sent', attempts: 0 });
    expect(list.data[0].lastRelayed).toBeGreaterThan(0);
  });
});

describe('relay requests: a device that sends often', () => {
  const air = relayOnAir({ RELAY_ANSWER_WAIT_MS: '4000' }, 0x7310);
  beforeAll(() => air.start('a840410000007311'));
  afterAll(() => air.close());

  it('uplinks within RELAY_ANSWER_WAIT_MS of the last try do not count, so the answer to the first try still closes it', async () => {
    expect(await air.askStatus()).toBe(0);
    const first = await air.uplink();
    expect(first?.type).toBe('StatusReq');
    // Uplinks at once (enough to send it again without the wait): none counts.
    for (let i = 0; i < 3; i++) expect(await air.uplink()).toBeUndefined();
    expect(await air.request('status')).toMatchObject({ state: 'sent', attempts: 0 });
    await new Promise((r) => setTimeout(r, 4100));
    await air.uplink();
    expect(await air.request('status')).toMatchObject({ state: 'sent', attempts: 1 });
    await air.uplink();
    expect(await air.request('status')).toMatchObject({ state: 'sent', attempts: 1 });
    await air.uplink({ type: 'StatusAns', token: first!.token, result: 4, body: null });
    expect(await air.request('status')).toMatchObject({ state: 'refused', result: 4, attempts: 1 });
  });
});
