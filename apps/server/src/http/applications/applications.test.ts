import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('applications API', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = (await t.userWithToken('app-alice')).token;
    bob = (await t.userWithToken('app-bob')).token;
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    t.call(token, 'POST', '/api/application/create', body);

  it('creates an application: empty push URLs and header rows dropped, links derived, MQTT credentials generated', async () => {
    const res = await create(alice, {
      appName: '  Meters  ',
      pushUrls: ['https://push.example.com/hook/', '', '  '],
      headers: { Authorization: 'Bearer x', 'X-Empty': '', '': 'orphan' },
      enableMQTT: true,
      decoder: { name: 'meter', type: 'javascript', content: 'function decodeUplink(input){return {data: {}}}' },
      extra: 'dropped',
    });
    expect(res.body.code).toBe(0);
    const appID = res.body.data.appID;
    const info = await t.call(alice, 'GET', '/api/application/info', { appID: String(appID) });
    expect(info.body.code).toBe(0);
    expect(info.body.data).toMatchObject({
      appID,
      appName: 'Meters',
      pushUrls: ['https://push.example.com/hook/'],
      headers: { Authorization: 'Bearer x' },
      enableMQTT: true,
      productType: 'lorawan',
      deviceNums: 0,
      username: 'app-alice',
      decoder: { name: 'meter', type: 'javascript' },
      pushLinks: [
        {
          pushUrl: 'https://push.example.com/hook/',
          joinURL: 'https://push.example.com/hook/join',
          uplinkURL: 'https://push.example.com/hook/uplink',
        },
      ],
    });
    expect(info.body.data.mqName).toMatch(/^app-/);
    expect(info.body.data.mqPassword.length).toBeGreaterThan(10);
    expect(info.body.data.mqURL).toMatch(/^mqtt:\/\//);
    expect(info.body.data).not.toHaveProperty('extra');
  });

  it.each([
    [{}, 1006, 'appName'],
    [{ appName: '   ' }, 1006, 'appName'],
    [{ appName: 'x'.repeat(65) }, 1007, 'appName'],
    [{ appName: 'ok', pushUrls: ['ftp://x.example.com'] }, 1007, 'pushUrls.0'],
    [{ appName: 'ok', pushUrls: ['not a url'] }, 1007, 'pushUrls.0'],
    [{ appName: 'ok', pushUrls: 'https://a.example.com' }, 1007, 'pushUrls'],
    [{ appName: 'ok', headers: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } }, 1007, 'headers'],
    [{ appName: 'ok', headers: { 'bad key': 'v' } }, 1007, 'headers.bad key'],
    [{ appName: 'ok', headers: { k: 'line\r\nX-Injected: 1' } }, 1007, 'headers.k'],
    [{ appName: 'ok', enableMQTT: 'yes' }, 1007, 'enableMQTT'],
    [{ appName: 'ok', productType: 'zigbee' }, 1007, 'productType'],
    [{ appName: 'ok', decoder: { type: 'lua' } }, 1007, 'decoder.type'],
    // A JavaScript decoder must compile in the sandbox and define an entry point.
    [{ appName: 'ok', decoder: { type: 'javascript', content: 'function decodeUplink( {' } }, 1007, 'decoder.content'],
    [{ appName: 'ok', decoder: { type: 'javascript', content: 'var a = 1;' } }, 1007, 'decoder.content'],
  ])('refuses %j with %i naming %s and writes nothing', async (payload, code, field) => {
    const before = (await t.call(alice, 'GET', '/api/application/list')).body.amount;
    const res = await create(alice, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    expect((await t.call(alice, 'GET', '/api/application/list')).body.amount).toBe(before);
  });

  it('keeps at most 5 headers after dropping empty rows, given as a map or as rows', async () => {
    const res = await create(alice, {
      appName: 'rows',
      pushUrls: ['http://h.example.com'],
      headers: [
        { key: 'a', value: '1' },
        { key: '', value: 'x' },
        { key: 'b', value: '' },
        { key: 'c', value: '3' },
      ],
    });
    const info = await t.call(alice, 'GET', '/api/application/info', { appID: String(res.body.data.appID) });
    expect(info.body.data.headers).toEqual({ a: '1', c: '3' });
  });

  it('refuses a second application with the same name for the same owner (3002), not for another owner', async () => {
    expect((await create(alice, { appName: 'Same' })).body.code).toBe(0);
    const dup = await create(alice, { appName: 'same' });
    expect(dup).toMatchObject({ status: 409, body: { code: 3002, field: 'appName' } });
    expect((await create(bob, { appName: 'Same' })).body.code).toBe(0);
  });

  it('updates an application; the decoder is kept when omitted and removed with null', async () => {
    const appID = (await create(alice, { appName: 'upd', decoder: { name: 'd', type: 'cayenne' } })).body.data.appID;
    const res = await t.call(alice, 'POST', '/api/application/update', {
      appID,
      appName: 'upd2',
      pushUrls: ['https://a.example.com'],
      headers: { k: 'v' },
      enableMQTT: 1,
    });
    expect(res.body.code).toBe(0);
    let info = (await t.call(alice, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    expect(info).toMatchObject({
      appName: 'upd2',
      enableMQTT: true,
      headers: { k: 'v' },
      decoder: { type: 'cayenne' },
    });
    await t.call(alice, 'POST', '/api/application/update', { appID, appName: 'upd2', decoder: null });
    info = (await t.call(alice, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    expect(info.decoder).toBeNull();
    expect(info.pushUrls).toEqual([]);
    // renaming onto another of the owner's names
    expect((await t.call(alice, 'POST', '/api/application/update', { appID, appName: 'Same' })).body.code).toBe(3002);
    expect((await t.call(alice, 'POST', '/api/application/update', { appID: 999999, appName: 'x' })).body.code).toBe(
      3001,
    );
  });

  it('lists with paging, sorting by a whitelisted field and deviceNums; 0,0 lists all', async () => {
    const { token } = await t.userWithToken('app-lister');
    for (const n of ['c', 'a', 'b']) await create(token, { appName: n });
    const page = await t.call(token, 'GET', '/api/application/list', {
      pageNo: '1',
      pageSize: '2',
      orderBy: 'appName',
      orderType: 'asc',
    });
    expect(page.body.amount).toBe(3);
    expect(page.body.data.map((a: any) => a.appName)).toEqual(['a', 'b']);
    expect(page.body.data[0]).toMatchObject({ deviceNums: 0, username: 'app-lister' });
    const all = await t.call(token, 'GET', '/api/application/list', { pageNo: '0', pageSize: '0' });
    expect(all.body.data).toHaveLength(3);
    const bad = await t.call(token, 'GET', '/api/application/list', { orderBy: 'mq_password' });
    expect(bad.body).toMatchObject({ code: 1007, field: 'orderBy' });
  });

  it('a common user sees and changes only its own applications; an admin sees all', async () => {
    const appID = (await create(bob, { appName: 'bobs' })).body.data.appID;
    expect((await t.call(alice, 'GET', '/api/application/info', { appID: String(appID) })).body.code).toBe(3001);
    expect((await t.call(alice, 'POST', '/api/application/update', { appID, appName: 'mine' })).body.code).toBe(3001);
    const del = await t.call(alice, 'POST', '/api/application/delete', { appIDs: [appID] });
    expect(del.body.code).toBe(3003);
    expect(del.body.data.failed).toEqual([{ id: String(appID), code: 3001, reason: 'application missing' }]);
    const aliceList = (await t.call(alice, 'GET', '/api/application/list', { pageNo: '0', pageSize: '0' })).body.data;
    expect(aliceList.every((a: any) => a.username === 'app-alice')).toBe(true);
    const adminList = (await t.call(admin, 'GET', '/api/application/list', { pageNo: '0', pageSize: '0' })).body.data;
    expect(adminList.some((a: any) => a.appID === appID)).toBe(true);
    expect((await t.call(admin, 'GET', '/api/application/info', { appID: String(appID) })).body.data.appName).toBe(
      'bobs',
    );
  });

  it('deletes all or nothing', async () => {
    const a1 = (await create(bob, { appName: 'del1' })).body.data.appID;
    const a2 = (await create(bob, { appName: 'del2' })).body.data.appID;
    const mixed = await t.call(bob, 'POST', '/api/application/delete', { appIDs: [a1, 987654] });
    expect(mixed.body.code).toBe(3003);
    expect((await t.call(bob, 'GET', '/api/application/info', { appID: String(a1) })).body.code).toBe(0);
    const res = await t.call(bob, 'POST', '/api/application/delete', { appIDs: [a1, a2] });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: [a1, a2] } });
    expect((await t.call(bob, 'GET', '/api/application/info', { appID: String(a1) })).body.code).toBe(3001);
    expect((await t.call(bob, 'POST', '/api/application/delete', { appIDs: [] })).body.code).toBe(1007);
  });

  it('finds applications by name prefix through the search registry, within ownership', async () => {
    await create(alice, { appName: 'Findme-one' });
    await create(bob, { appName: 'findme-two' });
    const provider = t.services.search.get('application')!;
    const asAlice = await provider.fn({
      keyword: 'FINDME',
      user: { id: 2, name: 'app-alice', admin: false },
      offset: 0,
    });
    expect(asAlice.rows.map((r) => r.appName)).toEqual(['Findme-one']);
    const asAdmin = await provider.fn({ keyword: 'findme', user: { id: 1, name: 'admin', admin: true }, offset: 0 });
    expect(asAdmin.amount).toBe(2);
    const literal = await provider.fn({ keyword: 'find%', user: { id: 1, name: 'admin', admin: true }, offset: 0 });
    expect(literal.amount).toBe(0);
  });
});
