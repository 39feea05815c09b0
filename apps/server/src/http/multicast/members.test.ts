import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deviceFrames } from '../../db/schema/dataplane';
import { mcDevices } from '../../db/schema/multicast';
import { gatewayBody, mcGroup } from './fixtures';

describe('multicast members API', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const remote = mcGroup(1, { enableMCRemote: true, groupID: 0, mcAppSKey: undefined, mcNwkSKey: undefined });
  const manual = mcGroup(2);
  const devs = [1, 2, 3, 4].map((n) => otaaDevice(0x100 + n));
  const usDev = otaaDevice(0x200, { region: 'us915', autoSubnet: true, subnet: undefined });
  const bobDev = otaaDevice(0x300);

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.userWithToken('mcm-alice')).token;
    bob = (await t.userWithToken('mcm-bob')).token;
    const app = async (token: string) =>
      (await t.call(token, 'POST', '/api/application/create', { appName: 'meters' })).body.data.appID;
    const aliceApp = await app(alice);
    for (const d of [...devs, usDev]) {
      const r = await t.call(alice, 'POST', '/api/device/create', { ...d, appID: aliceApp });
      expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    }
    expect((await t.call(bob, 'POST', '/api/device/create', { ...bobDev, appID: await app(bob) })).body.code).toBe(0);
    for (const n of [1, 2, 3])
      expect((await t.call(alice, 'POST', '/api/gateway/create', gatewayBody(n))).body.code).toBe(0);
    expect((await t.call(bob, 'POST', '/api/gateway/create', gatewayBody(9))).body.code).toBe(0);
    for (const g of [remote, manual]) expect((await t.call(alice, 'POST', '/api/mcgroup/create', g)).body.code).toBe(0);
  });
  afterAll(() => t.close());

  const bind = (mcEUI: string, devEUIs: string[], token = alice) =>
    t.call(token, 'POST', '/api/mcdevice/create', { mcEUI, devEUIs });
  const members = async (mcEUI: string, q: Record<string, string> = {}) =>
    (await t.call(alice, 'GET', '/api/mcdevice/list', { mcEUI, ...q })).body;

  it('offers the owner’s devices of the group’s region that are in no group, by EUI or name', async () => {
    const avail = (await t.call(alice, 'GET', '/api/mcdevice/available', { mcEUI: remote.mcEUI })).body;
    expect(avail.data.map((d: { devEUI: string }) => d.devEUI).sort()).toEqual(devs.map((d) => d.devEUI).sort());
    const dashed = devs[0]!.devEUI.toUpperCase().replace(/(..)(?!$)/g, '$1-');
    const byEui = (await t.call(alice, 'GET', '/api/mcdevice/available', { mcEUI: remote.mcEUI, keyword: dashed }))
      .body;
    expect(byEui.data.map((d: { devEUI: string }) => d.devEUI)).toEqual([devs[0]!.devEUI]);
  });

  it('binds all or none: each refused device with its code, nothing written', async () => {
    const res = await bind(remote.mcEUI, [devs[0]!.devEUI, usDev.devEUI, bobDev.devEUI, 'ffffffffffffff01']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 14008, field: 'devEUIs', data: { done: [] } });
    expect(res.body.data.failed).toEqual([
      { id: usDev.devEUI, code: 14014, reason: expect.stringContaining('us915') },
      { id: bobDev.devEUI, code: 14016, reason: 'device missing' },
      { id: 'ffffffffffffff01', code: 14016, reason: 'device missing' },
    ]);
    expect((await members(remote.mcEUI)).amount).toBe(0);
  });

  it('binds devices: a remote group sends the setup at once, a manual one does not; a device joins one group only', async () => {
    expect((await bind(remote.mcEUI, [devs[0]!.devEUI, devs[1]!.devEUI])).body).toMatchObject({
      code: 0,
      data: { done: [devs[0]!.devEUI, devs[1]!.devEUI], failed: [] },
    });
    expect((await bind(manual.mcEUI, [devs[2]!.devEUI])).body.code).toBe(0);
    const list = await members(remote.mcEUI);
    expect(list.amount).toBe(2);
    expect(list.data[0]).toMatchObject({ syncState: 'setup', joined: false, appName: 'meters', syncFCnt: 0 });
    expect((await members(manual.mcEUI)).data[0]).toMatchObject({ syncState: 'manual' });

    const again = await bind(remote.mcEUI, [devs[0]!.devEUI]);
    expect(again.body.data.failed).toEqual([{ id: devs[0]!.devEUI, code: 14010, reason: expect.any(String) }]);
    const other = await bind(manual.mcEUI, [devs[1]!.devEUI]);
    expect(other.body.data.failed).toEqual([{ id: devs[1]!.devEUI, code: 14011, reason: expect.any(String) }]);

    const group = (await t.call(alice, 'GET', '/api/mcgroup/info', { mcEUI: remote.mcEUI })).body.data;
    expect(group).toMatchObject({ deviceNums: 2, syncNums: 0, joined: false });
    const status = (await t.call(alice, 'GET', '/api/mcgroup/status', { mcEUI: remote.mcEUI })).body.data;
    expect(status.states).toMatchObject({ setup: 2, joined: 0 });
  });

  it('the joined filter and the group counts follow the sync state', async () => {
    await t.services.db.update(mcDevices).set({ syncState: 'joined', syncFCnt: 0 });
    expect((await members(remote.mcEUI, { joined: 'true' })).amount).toBe(2);
    expect((await members(remote.mcEUI, { joined: '0' })).amount).toBe(0);
    const group = (await t.call(alice, 'GET', '/api/mcgroup/info', { mcEUI: remote.mcEUI })).body.data;
    expect(group).toMatchObject({ syncNums: 2, joined: true });
  });

  it('a group change that outdates the setup sets every member up again', async () => {
    const upd = await t.call(alice, 'POST', '/api/mcgroup/update', { ...remote, mcAddr: '01ffffff' });
    expect(upd.body.code).toBe(0);
    expect((await members(remote.mcEUI)).data.map((d: { syncState: string }) => d.syncState)).toEqual([
      'setup',
      'setup',
    ]);
    const rename = await t.call(alice, 'POST', '/api/mcgroup/update', {
      ...remote,
      mcAddr: '01ffffff',
      mcName: 'renamed',
    });
    expect(rename.body.code).toBe(0);
  });

  it('unbinds all or none (14009 with the devices not in the group)', async () => {
    const refused = await t.call(alice, 'POST', '/api/mcdevice/delete', {
      mcEUI: remote.mcEUI,
      devEUIs: [devs[0]!.devEUI, devs[2]!.devEUI],
    });
    expect(refused.body).toMatchObject({ code: 14009, data: { failed: [{ id: devs[2]!.devEUI, code: 14016 }] } });
    expect((await members(remote.mcEUI)).amount).toBe(2);
    const ok = await t.call(alice, 'POST', '/api/mcdevice/delete', { mcEUI: remote.mcEUI, devEUIs: [devs[0]!.devEUI] });
    expect(ok.body.code).toBe(0);
    expect((await members(remote.mcEUI)).amount).toBe(1);
  });

  it('binds gateways of the owner and the region, one group each; lists and filters them', async () => {
    const gw = (n: number) => gatewayBody(n).gwID;
    const refused = await t.call(alice, 'POST', '/api/mcgateway/create', {
      mcEUI: remote.mcEUI,
      gwIDs: [gw(1), gw(9)],
    });
    expect(refused.body).toMatchObject({ code: 14008, data: { failed: [{ id: gw(9), code: 14017 }] } });
    const ok = await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: remote.mcEUI, gwIDs: [gw(1), gw(2)] });
    expect(ok.body.code).toBe(0);
    const here = await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: remote.mcEUI, gwIDs: [gw(1)] });
    expect(here.body.data.failed[0]).toMatchObject({ code: 14012 });
    const there = await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: manual.mcEUI, gwIDs: [gw(2)] });
    expect(there.body.data.failed[0]).toMatchObject({ code: 14013 });

    const list = (await t.call(alice, 'GET', '/api/mcgateway/list', { mcEUI: remote.mcEUI })).body;
    expect(list).toMatchObject({ code: 0, amount: 2 });
    expect(list.data[0]).toMatchObject({ gwType: 'rhf2s027', online: false, region: 'eu868' });
    const online = (await t.call(alice, 'GET', '/api/mcgateway/list', { mcEUI: remote.mcEUI, online: '1' })).body;
    expect(online.amount).toBe(0);
    const avail = (await t.call(alice, 'GET', '/api/mcgateway/available', { mcEUI: remote.mcEUI })).body;
    expect(avail.data.map((g: { gwID: string }) => g.gwID)).toEqual([gw(3)]);
    expect((await t.call(bob, 'GET', '/api/mcgateway/list', { mcEUI: remote.mcEUI })).body.code).toBe(14001);
  });

  it('the route chart links member devices to the gateways that heard them, with the mean SNR', async () => {
    const devEUI = devs[1]!.devEUI;
    const now = Date.now();
    // A device's uplink frame lists every gateway that heard it (rx_info): the chart counts each.
    const frame = (heard: [gwID: string, snr: number][], createdAt = now) => ({
      msgId: `m${Math.random()}`.slice(0, 20),
      devEui: devEUI,
      createdAt,
      msgType: 2,
      uplink: true,
      phy: '00',
      rxInfo: heard.map(([gwID, snr]) => ({ gwID, rssi: -90, snr, tmst: 1, freq: 868_100_000 })),
    });
    const g1 = gatewayBody(1).gwID;
    const g3 = gatewayBody(3).gwID;
    await t.services.db.insert(deviceFrames).values([
      frame([
        [g1, 5],
        [g3, -2],
      ]),
      frame([[g1, 7]]),
      frame([[g3, 20]], now - 2 * 86_400_000),
    ]);
    const route = (await t.call(alice, 'GET', '/api/mcgateway/route', { mcEUI: remote.mcEUI })).body.data;
    expect(route.devices).toEqual([
      {
        devEUI,
        devName: devs[1]!.devName,
        gateways: [
          { gwID: g1, snr: 6, frames: 2 },
          { gwID: g3, snr: -2, frames: 1 },
        ],
      },
    ]);
    expect(route.gateways).toEqual([
      { gwID: g1, gwName: 'mc-gw-1', online: false, member: true, deviceNums: 1 },
      { gwID: gatewayBody(2).gwID, gwName: 'mc-gw-2', online: false, member: true, deviceNums: 0 },
      { gwID: g3, gwName: 'mc-gw-3', online: false, member: false, deviceNums: 1 },
    ]);
  });

  it('answers garbage with a coded error naming the field', async () => {
    const cases: [string, 'GET' | 'POST', Record<string, unknown>, string][] = [
      ['/api/mcdevice/create', 'POST', { mcEUI: remote.mcEUI, devEUIs: [] }, 'devEUIs'],
      ['/api/mcdevice/create', 'POST', { mcEUI: remote.mcEUI, devEUIs: ['xyz'] }, 'devEUIs.0'],
      ['/api/mcgateway/delete', 'POST', { mcEUI: 'nope', gwIDs: ['bb00000000000001'] }, 'mcEUI'],
      ['/api/mcdevice/list', 'GET', { mcEUI: remote.mcEUI, pageSize: '-1' }, 'pageSize'],
      ['/api/mcgateway/route', 'GET', {}, 'mcEUI'],
    ];
    for (const [url, method, data, field] of cases) {
      const { status, body } = await t.call(alice, method, url, data);
      expect(status, url).toBe(400);
      expect(body.field, url).toBe(field);
      expect([1006, 1007]).toContain(body.code);
    }
  });
});
