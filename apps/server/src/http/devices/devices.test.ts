import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('devices API', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceApp: number;
  let aliceApp2: number;
  let bobApp: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = (await t.userWithToken('dev-alice')).token;
    bob = (await t.userWithToken('dev-bob')).token;
    const mk = async (token: string, appName: string, productType = 'lorawan') =>
      (await t.call(token, 'POST', '/api/application/create', { appName, productType })).body.data.appID as number;
    aliceApp = await mk(alice, 'alice-1');
    aliceApp2 = await mk(alice, 'alice-2', 'rhf3m485');
    bobApp = await mk(bob, 'bob-1');
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) => t.call(token, 'POST', '/api/device/create', body);
  const status = (token: string, devEUI: string) => t.call(token, 'GET', '/api/device/status', { devEUI });

  it('creates an OTAA device from pasted dashed keys and reads it back', async () => {
    const d = otaaDevice(1, {
      devEUI: '70-B3-D5-00-00-00-00-01',
      appKey: '00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF',
    });
    const res = await create(alice, { appID: aliceApp, ...d, class: 'C', macVersion: '1.0.4', remarks: 'roof' });
    expect(res.body).toMatchObject({ code: 0, data: { devEUI: '70b3d50000000001' } });
    const s = (await status(alice, '70B3D50000000001')).body;
    expect(s.code).toBe(0);
    expect(s.data).toMatchObject({
      devEUI: '70b3d50000000001',
      appID: aliceApp,
      appName: 'alice-1',
      authType: 'otaa',
      appKey: '00112233445566778899aabbccddeeff',
      devAddr: null,
      class: 'C',
      supportClassC: true,
      supportClassB: false,
      macVersion: '1.0.4',
      region: 'eu868',
      subnet: 'eu868-default',
      fCntUp: 0,
      fCntDown: 0,
      status: 'notJoined',
      remarks: 'roof',
      username: 'dev-alice',
    });
  });

  it('creates an ABP device with its session and counters', async () => {
    const res = await create(alice, { appID: aliceApp, ...abpDevice(2), fCntUp: '7', fCntDown: 3 });
    expect(res.body.code).toBe(0);
    const s = (await status(alice, abpDevice(2).devEUI)).body.data;
    expect(s).toMatchObject({
      authType: 'abp',
      devAddr: '26000002',
      fCntUp: 7,
      fCntDown: 3,
      status: 'joined',
      appKey: null,
    });
  });

  it.each([
    [{ devEUI: undefined }, 1006, 'devEUI', 'DevEUI cannot be empty'],
    [{ devEUI: '' }, 1006, 'devEUI', 'DevEUI cannot be empty'],
    [{ devEUI: '70b3d5000000001' }, 1007, 'devEUI', 'DevEUI must be 16 hex digits'],
    [{ devEUI: '70b3d5000000001g' }, 1007, 'devEUI', 'DevEUI must be 16 hex digits'],
    [{ appEUI: '' }, 1006, 'appEUI', 'AppEUI cannot be empty'],
    [{ devName: ' ' }, 1006, 'devName', 'device name cannot be empty'],
    [{ devName: 'n'.repeat(65) }, 1007, 'devName', 'device name is at most 64'],
    [{ appKey: '' }, 1006, 'appKey', 'AppKey cannot be empty'],
    [{ appKey: '0011' }, 1007, 'appKey', 'AppKey must be 32 hex digits'],
    [{ region: '' }, 1006, 'region', 'region cannot be empty'],
    [{ region: 'mars433' }, 1007, 'region', 'unknown region'],
    [{ subnet: '' }, 1006, 'subnet', 'subnet cannot be empty'],
    [{ subnet: 'us915-2' }, 1017, 'subnet', 'no subnet'],
    [{ class: 'D' }, 1007, 'class', ''],
    [{ macVersion: '1.1' }, 1007, 'macVersion', ''],
    [{ productType: 'other' }, 1007, 'productType', ''],
    [{ authType: 'psk' }, 1007, 'authType', ''],
    [{ fCntUp: '' }, 1006, 'fCntUp', ''],
    [{ fCntUp: -1 }, 1007, 'fCntUp', 'frame counter'],
    [{ fCntDown: 'abc' }, 1007, 'fCntDown', 'frame counter'],
    [{ fCntDown: 2 ** 32 }, 1007, 'fCntDown', 'frame counter'],
    [{ remarks: 'r'.repeat(51) }, 1007, 'remarks', 'remarks are at most 50'],
    [{ tagsId: [999] }, 1007, 'tagsId', 'tag 999 missing'],
    [{ appID: undefined }, 1006, 'appID', ''],
  ])('refuses OTAA %j with %i naming %s', async (patch, code, field, detail) => {
    const body = { appID: aliceApp, ...otaaDevice(100), ...patch };
    const res = await create(alice, body);
    expect(res.body).toMatchObject({ code, field });
    expect(res.body.msg).toContain(detail);
    expect((await status(alice, otaaDevice(100).devEUI)).body.code).toBe(4001);
  });

  it.each([
    [{ devAddr: undefined }, 1006, 'devAddr', 'DevAddr cannot be empty'],
    [{ devAddr: '2600001' }, 1007, 'devAddr', 'DevAddr must be 8 hex digits'],
    [{ appSKey: '' }, 1006, 'appSKey', 'AppSessionKey cannot be empty'],
    [{ nwkSKey: 'zz'.repeat(16) }, 1007, 'nwkSKey', 'NetworkSessionKey must be 32 hex digits'],
  ])('refuses ABP %j with %i naming %s', async (patch, code, field, detail) => {
    const res = await create(alice, { appID: aliceApp, ...abpDevice(101), ...patch });
    expect(res.body).toMatchObject({ code, field });
    expect(res.body.msg).toContain(detail);
  });

  it('answers the message in the caller language', async () => {
    const res = await t.call(
      alice,
      'POST',
      '/api/device/create',
      { appID: aliceApp, ...otaaDevice(102), devEUI: 'x' },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(res.body.code).toBe(1007);
    expect(res.body.msg).toContain('参数格式错误');
  });

  it('refuses a duplicate DevEUI (4002) and a duplicate DevAddr + NwkSKey (4004)', async () => {
    expect((await create(alice, { appID: aliceApp, ...otaaDevice(3) })).body.code).toBe(0);
    const dup = await create(bob, { appID: bobApp, ...otaaDevice(3) });
    expect(dup).toMatchObject({ status: 409, body: { code: 4002, field: 'devEUI' } });
    const same = abpDevice(2);
    const clash = await create(bob, {
      appID: bobApp,
      ...abpDevice(4, { devAddr: same.devAddr, nwkSKey: same.nwkSKey }),
    });
    expect(clash).toMatchObject({ status: 409, body: { code: 4004, field: 'devAddr' } });
    // the same DevAddr with another NwkSKey is fine
    expect((await create(bob, { appID: bobApp, ...abpDevice(5, { devAddr: same.devAddr }) })).body.code).toBe(0);
  });

  it('refuses devices beyond the quota with 4005', async () => {
    const { token } = await t.userWithToken('dev-quota');
    const appID = (await t.call(token, 'POST', '/api/application/create', { appName: 'q' })).body.data.appID;
    await t.services.database.exec(
      `INSERT INTO settings (key, value, updated_at) VALUES ('deviceQuota', '2', 0)
       ON CONFLICT (key) DO UPDATE SET value = '2'`,
    );
    try {
      expect((await create(token, { appID, ...otaaDevice(200) })).body.code).toBe(0);
      const batch = await t.call(token, 'POST', '/api/device/batch-create', {
        appID,
        authType: 'otaa',
        devices: [otaaDevice(201), otaaDevice(202)],
      });
      expect(batch.body.code).toBe(4005);
      expect((await create(token, { appID, ...otaaDevice(203) })).body.code).toBe(0);
      expect((await create(token, { appID, ...otaaDevice(204) })).body.code).toBe(4005);
    } finally {
      await t.services.database.exec(`DELETE FROM settings WHERE key = 'deviceQuota'`);
    }
  });

  it('updates a device: ABP to OTAA ends the session, OTAA to ABP needs the session keys', async () => {
    const d = abpDevice(10);
    await create(alice, { appID: aliceApp, ...d });
    const toOtaa = await t.call(alice, 'POST', '/api/device/update', {
      ...d,
      authType: 'otaa',
      appKey: 'ff'.repeat(16),
      devName: 'renamed',
      class: 'B',
      autoSubnet: true,
      subnet: '',
    });
    expect(toOtaa.body.code).toBe(0);
    expect((await status(alice, d.devEUI)).body.data).toMatchObject({
      devName: 'renamed',
      authType: 'otaa',
      devAddr: null,
      class: 'B',
      autoSubnet: true,
      subnet: null,
      status: 'notJoined',
      fCntUp: 0,
    });
    const noKeys = await t.call(alice, 'POST', '/api/device/update', { ...otaaDevice(10), authType: 'abp' });
    expect(noKeys.body).toMatchObject({ code: 1006, field: 'devAddr' });
    const clash = abpDevice(2);
    const dup = await t.call(alice, 'POST', '/api/device/update', {
      ...abpDevice(10),
      devAddr: clash.devAddr,
      nwkSKey: clash.nwkSKey,
    });
    expect(dup.body.code).toBe(4004);
    const back = await t.call(alice, 'POST', '/api/device/update', { ...abpDevice(10), fCntUp: 50 });
    expect(back.body.code).toBe(0);
    expect((await status(alice, d.devEUI)).body.data).toMatchObject({
      authType: 'abp',
      devAddr: '2600000a',
      fCntUp: 50,
    });
    expect((await t.call(alice, 'POST', '/api/device/update', otaaDevice(99999))).body.code).toBe(4001);
  });

  it('lists per application with region and tag filters, sorting and paging', async () => {
    const { token } = await t.userWithToken('dev-lister');
    const appID = (await t.call(token, 'POST', '/api/application/create', { appName: 'l' })).body.data.appID;
    const tagRes = await t.call(token, 'POST', '/api/device/tags/create', {
      tags: ['roof', 'cellar'],
      groupName: 'site',
    });
    const [cellar, roof] = tagRes.body.data.tags.map((x: any) => x.tagId);
    const devices = [
      otaaDevice(300, { region: 'eu868', subnet: 'eu868-default', tagsId: [roof] }),
      otaaDevice(301, { region: 'us915', subnet: 'us915-2', tagsId: [cellar] }),
      otaaDevice(302, { region: 'us915', subnet: 'us915-2', tagsId: [roof, cellar] }),
      otaaDevice(303, { region: 'cn470', subnet: 'cn470-1' }),
    ];
    const b = await t.call(token, 'POST', '/api/device/batch-create', { appID, authType: 'otaa', devices });
    expect(b.body).toMatchObject({ code: 0, data: { created: 4 } });
    const q = (query: Record<string, string>) =>
      t.call(token, 'GET', '/api/device/list', { appID: String(appID), ...query }).then((r) => r.body);
    const all = await q({ orderBy: 'devName', orderType: 'asc' });
    expect(all.amount).toBe(4);
    expect(all.data.map((d: any) => d.devName)).toEqual(['dev-000300', 'dev-000301', 'dev-000302', 'dev-000303']);
    // Names in each device's tag order: one tag (looked up by key), several (by position), none.
    expect(all.data.map((d: any) => d.tags)).toEqual([['roof'], ['cellar'], ['roof', 'cellar'], []]);
    const us = await q({ regions: 'us915,cn470', orderBy: 'devName', orderType: 'desc' });
    expect(us.data.map((d: any) => d.devName)).toEqual(['dev-000303', 'dev-000302', 'dev-000301']);
    const tagged = await q({ tagsId: String(roof), orderBy: 'devName', orderType: 'asc' });
    expect(tagged.data.map((d: any) => d.devName)).toEqual(['dev-000300', 'dev-000302']);
    // Whole rows, names included, as the unfiltered page has them (a tag's page reads its columns by position).
    expect(tagged.data).toEqual(all.data.filter((d: any) => d.tags.includes('roof')));
    // Other orders fetch a tag's few matches by DevEUI from the tag links.
    const byEui = await q({ tagsId: String(roof), orderBy: 'devEUI', orderType: 'desc' });
    expect(byEui).toMatchObject({ amount: 2 });
    expect(byEui.data.map((d: any) => d.devName)).toEqual(['dev-000302', 'dev-000300']);
    const byRegion = await q({ tagsId: `${roof},${cellar}`, orderBy: 'region', orderType: 'asc', pageSize: '2' });
    expect(byRegion).toMatchObject({ amount: 3 });
    expect(byRegion.data.map((d: any) => d.devName)).toEqual(['dev-000300', 'dev-000301']);
    expect(await q({ tagsId: '999999', orderBy: 'fCntUp' })).toMatchObject({ code: 0, amount: 0, data: [] });
    // Sorted by name, the tag index follows a rename.
    const rename = (devName: string) => t.call(token, 'POST', '/api/device/update', { ...devices[0], devName });
    expect((await rename('zz-renamed')).body.code).toBe(0);
    const byName = await q({ tagsId: `${roof},${cellar}`, orderBy: 'devName', orderType: 'desc' });
    expect(byName.data.map((d: any) => d.devName)).toEqual(['zz-renamed', 'dev-000302', 'dev-000301']);
    await rename('dev-000300');
    const both = await q({ tagsId: String(roof), regions: 'us915' });
    expect(both.amount).toBe(1);
    // Tag filters in creation order read the tag index: one tag, several tags (each device once), regions, paging.
    const byTag = await q({ tagsId: String(roof) });
    expect(byTag.data.map((d: any) => d.devName)).toEqual(['dev-000300', 'dev-000302']);
    const several = await q({ tagsId: `${roof},${cellar}`, orderType: 'asc' });
    expect(several).toMatchObject({ amount: 3 });
    expect(several.data.map((d: any) => d.devName).sort()).toEqual(['dev-000300', 'dev-000301', 'dev-000302']);
    expect((await q({ tagsId: `${roof},${cellar}`, regions: 'us915' })).amount).toBe(2);
    expect(await q({ tagsId: `${roof},${cellar}`, pageNo: '2', pageSize: '2' })).toMatchObject({ amount: 3 });
    expect(await q({ tagsId: String(roof), pageNo: '9' })).toMatchObject({ amount: 2, data: [] });
    // The index follows tag, region and application changes.
    const d303 = otaaDevice(303, { region: 'us915', subnet: 'us915-2', tagsId: [roof] });
    expect((await t.call(token, 'POST', '/api/device/update', d303)).body.code).toBe(0);
    expect((await q({ tagsId: String(roof), regions: 'us915' })).data.map((d: any) => d.devName).sort()).toEqual([
      'dev-000302',
      'dev-000303',
    ]);
    const app2 = (await t.call(token, 'POST', '/api/application/create', { appName: 'l2' })).body.data.appID;
    await t.call(token, 'POST', '/api/device/moveDevice', { appId: app2, devEUIs: [d303.devEUI] });
    expect((await q({ tagsId: String(roof) })).amount).toBe(2);
    const inApp2 = await t.call(token, 'GET', '/api/device/list', { appID: String(app2), tagsId: String(roof) });
    expect(inApp2.body.data.map((d: any) => d.devName)).toEqual(['dev-000303']);
    await t.call(token, 'POST', '/api/device/moveDevice', { appId: appID, devEUIs: [d303.devEUI] });
    await t.call(token, 'POST', '/api/device/update', { ...d303, tagsId: [] });
    const page2 = await q({ pageNo: '2', pageSize: '3', orderBy: 'devEUI', orderType: 'asc' });
    expect(page2).toMatchObject({ amount: 4, data: [{ devName: 'dev-000303' }] });
    expect((await q({ orderBy: 'app_key' })).code).toBe(1007);
    expect((await q({ regions: 'EU 868' })).code).toBe(1007);
    expect((await q({ tagsId: 'x' })).code).toBe(1007);
  });

  it('keeps common users to their own devices; admins see all', async () => {
    const eui = otaaDevice(1).devEUI;
    expect((await status(bob, eui)).body.code).toBe(4001);
    expect((await create(bob, { appID: aliceApp, ...otaaDevice(400) })).body.code).toBe(3001);
    expect((await t.call(bob, 'GET', '/api/device/list', { appID: String(aliceApp) })).body.code).toBe(3001);
    // The tag-filtered list reads tag links, which carry no owner: still nothing of Alice's.
    const aliceTag = (await t.call(alice, 'POST', deviceTagApi.create.path, { tags: ['own'], groupName: 'g' })).body
      .data.tags[0].tagId;
    expect(
      (await t.call(alice, 'POST', deviceApi.update.path, { ...otaaDevice(1), tagsId: [aliceTag] })).body.code,
    ).toBe(0);
    for (const orderBy of ['createtime', 'devName']) {
      const query = { appID: String(aliceApp), tagsId: String(aliceTag), orderBy };
      expect((await t.call(alice, 'GET', deviceApi.list.path, query)).body.amount).toBe(1);
      expect((await t.call(bob, 'GET', deviceApi.list.path, query)).body).toMatchObject({ code: 3001 });
    }
    await t.call(alice, 'POST', deviceApi.update.path, { ...otaaDevice(1), tagsId: [] });
    expect((await t.call(bob, 'POST', '/api/device/update', { ...otaaDevice(1) })).body.code).toBe(4001);
    expect(
      (await t.call(bob, 'POST', '/api/device/reset-fcnt', { devEUI: eui, fCntUp: 0, fCntDown: 0 })).body.code,
    ).toBe(4001);
    const del = await t.call(bob, 'POST', '/api/device/delete', { devEUIs: [eui] });
    expect(del.body).toMatchObject({ code: 4006, data: { failed: [{ id: eui, code: 4001 }] } });
    expect((await t.call(bob, 'GET', '/api/device/signal', { devEUI: eui })).body.code).toBe(4001);
    const bobAll = (await t.call(bob, 'GET', '/api/device/list', { pageSize: '1000' })).body.data;
    expect(bobAll.every((d: any) => d.username === 'dev-bob')).toBe(true);
    expect((await status(admin, eui)).body.data.username).toBe('dev-alice');
    const adminAll = (await t.call(admin, 'GET', '/api/device/list', { pageSize: '1000' })).body;
    expect(adminAll.amount).toBeGreaterThan(bobAll.length);
  });

  it('resets frame counters', async () => {
    const eui = abpDevice(2).devEUI;
    const bad = await t.call(alice, 'POST', '/api/device/reset-fcnt', { devEUI: eui, fCntUp: -5, fCntDown: 0 });
    expect(bad.body).toMatchObject({ code: 1007, field: 'fCntUp' });
    expect((await t.call(alice, 'POST', '/api/device/reset-fcnt', { devEUI: eui, fCntUp: 0 })).body).toMatchObject({
      code: 1006,
      field: 'fCntDown',
    });
    expect(
      (await t.call(alice, 'POST', '/api/device/reset-fcnt', { devEUI: eui, fCntUp: 0, fCntDown: 9 })).body.code,
    ).toBe(0);
    expect((await status(alice, eui)).body.data).toMatchObject({ fCntUp: 0, fCntDown: 9 });
  });

  it('batch-updates tags and remarks of devices of one application, all or nothing', async () => {
    const tags = (await t.call(alice, 'POST', '/api/device/tags/create', { tags: ['t1'], groupName: 'g' })).body.data
      .tags;
    const euis = [otaaDevice(1).devEUI, abpDevice(2).devEUI];
    const res = await t.call(alice, 'POST', '/api/device/updates', {
      devEUIs: euis,
      appID: aliceApp,
      tagsId: [tags[0].tagId],
      remarks: 'batch',
    });
    expect(res.body).toMatchObject({ code: 0, data: { updated: 2 } });
    for (const e of euis) expect((await status(alice, e)).body.data).toMatchObject({ tags: ['t1'], remarks: 'batch' });
    // a device of another owner in the selection: nothing changes
    const mixed = await t.call(alice, 'POST', '/api/device/updates', {
      devEUIs: [...euis, abpDevice(5).devEUI],
      appID: aliceApp,
      remarks: 'changed',
    });
    expect(mixed.body.code).toBe(4001);
    expect(mixed.body.data.failed).toHaveLength(1);
    // The refusal's data is what the contract declares for it.
    expect(deviceApi.updateMany.refusal.parse(mixed.body.data)).toEqual(mixed.body.data);
    expect((await status(alice, euis[0]!)).body.data.remarks).toBe('batch');
    const bobTag = (await t.call(bob, 'POST', '/api/device/tags/create', { tags: ['b'], groupName: 'g' })).body.data
      .tags[0];
    const foreign = await t.call(alice, 'POST', '/api/device/updates', {
      devEUIs: euis,
      appID: aliceApp,
      tagsId: [bobTag.tagId],
    });
    expect(foreign.body).toMatchObject({ code: 1007, field: 'tagsId' });
    const nothing = await t.call(alice, 'POST', '/api/device/updates', { devEUIs: euis, appID: aliceApp });
    expect(nothing.body).toMatchObject({ code: 1006, field: 'tagsId' });
    // Only what is sent changes: remarks alone keep the tags, tags alone keep the remarks.
    const before = (await status(alice, euis[0]!)).body.data;
    expect(
      (await t.call(alice, 'POST', '/api/device/updates', { devEUIs: euis, appID: aliceApp, remarks: 'only' })).body
        .code,
    ).toBe(0);
    const afterRemarks = (await status(alice, euis[0]!)).body.data;
    expect(afterRemarks).toMatchObject({ tags: ['t1'], remarks: 'only', devName: before.devName, class: before.class });
    expect(
      (await t.call(alice, 'POST', '/api/device/updates', { devEUIs: [euis[0]], appID: aliceApp, tagsId: [] })).body
        .code,
    ).toBe(0);
    expect((await status(alice, euis[0]!)).body.data).toMatchObject({ tags: [], remarks: 'only' });
    expect((await status(alice, euis[1]!)).body.data).toMatchObject({ tags: ['t1'], remarks: 'only' });
  });

  it('moves devices between applications the caller owns', async () => {
    const eui = otaaDevice(3).devEUI;
    expect(
      (await t.call(alice, 'POST', '/api/device/moveDevice', { appId: bobApp, devEUIs: [eui] })).body,
    ).toMatchObject({
      code: 3001,
      field: 'appId',
    });
    expect((await t.call(bob, 'POST', '/api/device/moveDevice', { appId: bobApp, devEUIs: [eui] })).body.code).toBe(
      4001,
    );
    const res = await t.call(alice, 'POST', '/api/device/moveDevice', { appId: aliceApp2, devEUIs: [eui] });
    expect(res.body).toMatchObject({ code: 0, data: { moved: 1 } });
    expect((await status(alice, eui)).body.data).toMatchObject({ appID: aliceApp2, appName: 'alice-2' });
    const apps = (await t.call(alice, 'GET', '/api/application/list', { pageNo: '0', pageSize: '0' })).body.data;
    expect(apps.find((a: any) => a.appID === aliceApp2).deviceNums).toBe(1);
  });

  it('an admin move to another owner transfers the device and drops its tags', async () => {
    const eui = otaaDevice(1).devEUI;
    const res = await t.call(admin, 'POST', '/api/device/moveDevice', { appId: bobApp, devEUIs: [eui] });
    expect(res.body.code).toBe(0);
    expect((await status(bob, eui)).body.data).toMatchObject({ appID: bobApp, username: 'dev-bob', tagsId: [] });
    expect((await status(alice, eui)).body.code).toBe(4001);
  });

  it('deletes devices all or nothing', async () => {
    await create(alice, { appID: aliceApp, ...otaaDevice(500) });
    await create(alice, { appID: aliceApp, ...otaaDevice(501) });
    const euis = [otaaDevice(500).devEUI, otaaDevice(501).devEUI];
    const missing = await t.call(alice, 'POST', '/api/device/delete', { devEUIs: [...euis, 'ffffffffffffffff'] });
    expect(missing.body).toMatchObject({ code: 4006, data: { failed: [{ id: 'ffffffffffffffff' }] } });
    expect(deviceApi.delete.refusal.parse(missing.body.data)).toEqual(missing.body.data);
    expect((await status(alice, euis[0]!)).body.code).toBe(0);
    expect((await t.call(alice, 'POST', '/api/device/delete', { devEUIs: euis })).body.code).toBe(0);
    expect((await status(alice, euis[0]!)).body.code).toBe(4001);
    expect((await t.call(alice, 'POST', '/api/device/delete', { devEUIs: [] })).body.code).toBe(1007);
  });

  it('answers the RSSI/SNR history over a time range', async () => {
    const eui = abpDevice(2).devEUI;
    const t0 = Date.now() - 10_000;
    await t.services.database.exec(
      `INSERT INTO device_signal (dev_eui, created_at, rssi, snr, gw_id) VALUES
       ('${eui}', ${t0}, -80, 7.5, 'aa555a0000000001'), ('${eui}', ${t0 + 1000}, -90, -2.25, NULL),
       ('${eui}', ${t0 - 5 * 86_400_000}, -100, 1, NULL)`,
    );
    const res = await t.call(alice, 'GET', '/api/device/signal', { devEUI: eui });
    expect(res.body).toMatchObject({
      code: 0,
      data: [
        { createtime: t0, rssi: -80, snr: 7.5, gwID: 'aa555a0000000001' },
        { createtime: t0 + 1000, rssi: -90, snr: -2.25, gwID: null },
      ],
    });
    const wide = await t.call(alice, 'GET', '/api/device/signal', {
      devEUI: eui,
      startTime: String(t0 - 6 * 86_400_000),
      endTime: String(t0 + 5000),
      order: 'desc',
    });
    expect(wide.body.data.map((p: any) => p.rssi)).toEqual([-90, -80, -100]);
    const bad = await t.call(alice, 'GET', '/api/device/signal', { devEUI: eui, startTime: '10', endTime: '5' });
    expect(bad.body).toMatchObject({ code: 1007, field: 'startTime' });
  });

  it('finds devices by EUI, devAddr (the keyword read as hex), name prefix and tag, within ownership', async () => {
    const p = t.services.search.get('device')!;
    const aliceUser = { id: 2, name: 'dev-alice', admin: false };
    const eui = abpDevice(2).devEUI;
    const byEui = await p.fn({ keyword: eui, hex: eui, user: aliceUser, offset: 0 });
    expect(byEui.rows.map((r) => r.devEUI)).toEqual([eui]);
    const byAddr = await p.fn({ keyword: '26000002', hex: '26000002', user: aliceUser, offset: 0 });
    expect(byAddr.rows.map((r) => r.devEUI)).toEqual([eui]);
    const byName = await p.fn({
      keyword: 'DEV-00000',
      user: { id: 1, name: 'admin', admin: true },
      offset: 0,
      limit: 2,
    });
    expect(byName.rows).toHaveLength(2);
    expect(byName.amount).toBeGreaterThan(2);
    const byTag = await p.fn({ keyword: 'T1', user: aliceUser, offset: 0 });
    expect(byTag.rows.map((r) => r.devEUI)).toEqual([eui]);
    const bobs = await p.fn({ keyword: eui, hex: eui, user: { id: 3, name: 'dev-bob', admin: false }, offset: 0 });
    expect(bobs.amount).toBe(0);
  });
});
