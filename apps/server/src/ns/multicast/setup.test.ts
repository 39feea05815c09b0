import { decryptMcKey, mcKEKey, mcRootKeyFromGenAppKey, type Ts005Command, ts005 } from '@lns/lorawan/applayer/ts005';
import { openDataFrame } from '@lns/lorawan/frames';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uplinkAnswer } from '../../../test/uplink-answer';
import { localTopics, type MulticastEvent } from '../../bus/bus';
import { mcGroups } from '../../db/schema/multicast';
import { mcGroup } from '../../http/multicast/fixtures';

describe('TS005 remote multicast setup over the real UDP socket', () => {
  let t: TestApp;
  let alice: string;
  let gw: TestGateway;
  let appID: number;
  let n = 0x500;
  const group = mcGroup(5, { enableMCRemote: true, groupID: 1, mcAppSKey: undefined, mcNwkSKey: undefined });

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30' });
    const started = await startDataPlane(t);
    alice = (await t.userWithToken('ts005-alice')).token;
    appID = (await t.call(alice, 'POST', '/api/application/create', { appName: 'ts005' })).body.data.appID;
    gw = await connectGateway(t, alice, started.port, 'a840410000000d01');
    expect((await t.call(alice, 'POST', '/api/mcgroup/create', group)).body.code).toBe(0);
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  /** An ABP member device: each uplink returns the TS005 commands of the downlink it got, if any. */
  async function member() {
    const d = abpDevice(++n);
    expect((await t.call(alice, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    const frame = abpSession(d);
    let fCnt = 0;
    let tmst = 1_000_000;
    const uplink = async (answer?: Ts005Command): Promise<Ts005Command[]> => {
      const phy = answer
        ? frame({ fCnt: ++fCnt, fPort: 200, payload: ts005.encode(answer) })
        : frame({ fCnt: ++fCnt, fPort: 1 });
      tmst += 5_000_000;
      const r = await uplinkAnswer(t.services, gw, { devEUI: d.devEUI, fCnt, rxpk: rxpkOf(phy, { tmst }) });
      if (!r) return [];
      gw.txAck(r.token);
      const down = openDataFrame(Buffer.from(r.txpk.data, 'base64'), {
        nwkSKey: d.nwkSKey,
        appSKey: d.appSKey,
        lastFCnt: null,
      });
      if (down.frame.fPort !== 200 || !down.payload) return [];
      return ts005.decode(down.payload, 'down');
    };
    const bind = await t.call(alice, 'POST', '/api/mcdevice/create', { mcEUI: group.mcEUI, devEUIs: [d.devEUI] });
    expect(bind.body.code).toBe(0);
    const state = async () =>
      (await t.call(alice, 'GET', '/api/mcdevice/list', { mcEUI: group.mcEUI })).body.data.find(
        (m: { devEUI: string }) => m.devEUI === d.devEUI,
      );
    return { d, uplink, state };
  }

  it('a member goes setup → session → joined; the group key reaches it under its McKEKey', async () => {
    const events: MulticastEvent[] = [];
    const off = t.services.local.subscribe(localTopics.multicastEvent, (e) => events.push(e));
    const m = await member();
    expect(await m.state()).toMatchObject({ syncState: 'setup' });
    const [setup] = await m.uplink();
    expect(setup).toMatchObject({ type: 'McGroupSetupReq', mcGroupId: 1, mcAddr: group.mcAddr, minMcFCount: 0 });
    const [row] = await t.services.db.select().from(mcGroups).where(eq(mcGroups.mcEui, group.mcEUI));
    const kek = mcKEKey(mcRootKeyFromGenAppKey(String(group.genAppKey)));
    expect(decryptMcKey(kek, (setup as { mcKeyEncrypted: string }).mcKeyEncrypted)).toBe(row!.mcKey);

    // The answer rides on an uplink; the session request follows on the next one.
    await m.uplink({ type: 'McGroupSetupAns', mcGroupId: 1, idError: false });
    expect(await m.state()).toMatchObject({ syncState: 'session', syncFCnt: 0 });
    const [session] = await m.uplink();
    expect(session).toMatchObject({
      type: 'McClassCSessionReq',
      mcGroupId: 1,
      sessionTimeOut: 15,
      dlFrequency: 869_525_000,
      dr: 0,
    });
    await m.uplink({
      type: 'McClassCSessionAns',
      mcGroupId: 1,
      drError: false,
      freqError: false,
      mcGroupUndefined: false,
      timeToStart: 28,
    });
    expect(await m.state()).toMatchObject({ syncState: 'joined', joined: true, syncError: null });
    off();
    // What the group's push URLs receive: each step of this member.
    expect(events.filter((e) => e.kind === 'sync').map((e) => e.kind === 'sync' && e.data.syncState)).toEqual([
      'setup',
      'session',
      'joined',
    ]);
    const info = (await t.call(alice, 'GET', '/api/mcgroup/info', { mcEUI: group.mcEUI })).body.data;
    expect(info).toMatchObject({ syncNums: 1 });
    const status = (await t.call(alice, 'GET', '/api/mcgroup/status', { mcEUI: group.mcEUI })).body.data;
    expect(status.sessionEnds).toBeGreaterThan(Date.now() + 9 * 3600_000);

    // Leaving the group: the device is told to delete it.
    const del = await t.call(alice, 'POST', '/api/mcdevice/delete', { mcEUI: group.mcEUI, devEUIs: [m.d.devEUI] });
    expect(del.body.code).toBe(0);
    expect(await m.uplink()).toEqual([{ type: 'McGroupDeleteReq', mcGroupId: 1 }]);
  });

  it('a refused setup or session fails the member with the reason', async () => {
    const a = await member();
    await a.uplink();
    await a.uplink({ type: 'McGroupSetupAns', mcGroupId: 1, idError: true });
    expect(await a.state()).toMatchObject({ syncState: 'failed', syncError: 'idError' });

    const b = await member();
    await b.uplink();
    await b.uplink({ type: 'McGroupSetupAns', mcGroupId: 1, idError: false });
    await b.uplink();
    await b.uplink({
      type: 'McClassCSessionAns',
      mcGroupId: 1,
      drError: false,
      freqError: true,
      mcGroupUndefined: false,
      timeToStart: null,
    });
    expect(await b.state()).toMatchObject({ syncState: 'failed', syncError: 'freqError' });
  });

  it('an unanswered request is sent again after two uplinks, and the member fails after six', async () => {
    const m = await member();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push(...(await m.uplink()).map((c) => c.type));
    expect(sent).toEqual(['McGroupSetupReq', 'McGroupSetupReq', 'McGroupSetupReq']);
    expect(await m.state()).toMatchObject({ syncState: 'failed', syncError: 'noAnswer' });
  });

  it('reset gives the group a new key and sets every member up again', async () => {
    const m = await member();
    await m.uplink();
    expect((await t.call(alice, 'POST', '/api/mcgroup/reset', { mcEUI: group.mcEUI })).body.code).toBe(0);
    expect(await m.state()).toMatchObject({ syncState: 'setup' });
    const [row] = await t.services.db.select().from(mcGroups).where(eq(mcGroups.mcEui, group.mcEUI));
    const cmds = await m.uplink();
    expect(cmds.map((c) => c.type)).toEqual(['McGroupDeleteReq']);
    const [again] = await m.uplink();
    const kek = mcKEKey(mcRootKeyFromGenAppKey(String(group.genAppKey)));
    expect(decryptMcKey(kek, (again as { mcKeyEncrypted: string }).mcKeyEncrypted)).toBe(row!.mcKey);
  });
});
