import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('search API', () => {
  let t: TestApp;
  let admin: string;
  let common: { token: string; userID: number };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    common = await t.userWithToken('searcher.one');
    await t.userWithToken('other_user');
    await t.userWithToken('barxun');
  });
  afterAll(() => t.close());

  it('finds users by a name fragment (case-insensitive) or by userID, paged', async () => {
    const byName = await t.call(admin, 'GET', '/api/search', { category: 'user', keyword: 'SEARCHER' });
    expect(byName.body.code).toBe(0);
    expect(byName.body.amount).toBe(1);
    expect(byName.body.data).toEqual([
      expect.objectContaining({ userID: common.userID, name: 'searcher.one', admin: 0 }),
    ]);
    expect(byName.body.data[0]).not.toHaveProperty('passwordHash');

    const byId = await t.call(admin, 'GET', '/api/search/user', { keyword: String(common.userID) });
    expect(byId.body.data.map((u: any) => u.userID)).toContain(common.userID);

    const all = await t.call(admin, 'GET', '/api/search', { category: 'user', pageNo: '1', pageSize: '2' });
    expect(all.body.amount).toBe(4);
    expect(all.body.data).toHaveLength(2);
    const page2 = await t.call(admin, 'GET', '/api/search', { category: 'user', pageNo: '2', pageSize: '2' });
    expect(page2.body.data).toHaveLength(2);
  });

  it('takes LIKE wildcards in the keyword literally', async () => {
    const pct = await t.call(admin, 'GET', '/api/search', { category: 'user', keyword: '%' });
    expect(pct.body).toMatchObject({ code: 0, amount: 0, data: [] });
    const under = await t.call(admin, 'GET', '/api/search', { category: 'user', keyword: 'r_u' });
    expect(under.body.data.map((u: any) => u.name)).toEqual(['other_user']);
  });

  it('refuses users to a common user with 1010', async () => {
    const r = await t.call(common.token, 'GET', '/api/search', { category: 'user', keyword: 'a' });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(1010);
    expect((await t.call(common.token, 'GET', '/api/search/user', { keyword: 'a' })).body.code).toBe(1010);
  });

  it('answers bad input with a coded error naming the field', async () => {
    expect((await t.call(admin, 'GET', '/api/search', { category: 'planet', keyword: 'x' })).body).toMatchObject({
      code: 1007,
      field: 'category',
    });
    expect((await t.call(admin, 'GET', '/api/search', { keyword: 'x' })).body).toMatchObject({
      code: 1006,
      field: 'category',
    });
    expect((await t.call(admin, 'GET', '/api/search/planet', { keyword: 'x' })).body).toMatchObject({
      code: 1007,
      field: 'type',
    });
    expect((await t.call(admin, 'GET', '/api/search', { category: 'user', pageSize: '0' })).body).toMatchObject({
      code: 1007,
      field: 'pageSize',
    });
    expect((await t.call(admin, 'GET', '/api/search', { category: 'device', mcEUI: 'zz' })).body).toMatchObject({
      code: 1007,
      field: 'mcEUI',
    });
    expect(
      (await t.call(admin, 'GET', '/api/search', { category: 'user', keyword: 'x'.repeat(129) })).body,
    ).toMatchObject({
      code: 1007,
      field: 'keyword',
    });
  });

  it('needs a token', async () => {
    expect((await t.call(undefined, 'GET', '/api/search', { category: 'user' })).body.code).toBe(1003);
  });

  it('passes hex types the keyword as typed and read as hex, and scopes by the caller', async () => {
    const seen: { keyword: string; hex?: string; userId: number; mcEUI?: string }[] = [];
    t.services.search.register('mcgroup', async (a) => {
      seen.push({ keyword: a.keyword, hex: a.hex, userId: a.user.id, mcEUI: a.mcEUI });
      return { rows: [{ mcEUI: a.hex }], amount: 1 };
    });
    const r = await t.call(common.token, 'GET', '/api/search', {
      category: 'mcgroup',
      keyword: 'AA-BB-CC-DD-EE-FF-00-11',
      mcEUI: 'AA:BB:CC:DD:EE:FF:00:11',
    });
    expect(r.body).toMatchObject({ code: 0, amount: 1, data: [{ mcEUI: 'aabbccddeeff0011' }] });
    expect(seen[0]).toEqual({
      keyword: 'AA-BB-CC-DD-EE-FF-00-11',
      hex: 'aabbccddeeff0011',
      userId: common.userID,
      mcEUI: 'aabbccddeeff0011',
    });
    await t.call(common.token, 'GET', '/api/search/mcgroup', { keyword: 'Roof A' });
    expect(seen[1]).toMatchObject({ keyword: 'Roof A', hex: undefined });
  });

  describe('devices and gateways by the EUI forms the console shows', () => {
    const devEUI = '70b3d5a1b2c3d4e5';
    const gwID = 'a840411f00e0c001';
    beforeAll(async () => {
      const appID = (await t.call(common.token, 'POST', '/api/application/create', { appName: 'finder' })).body.data
        .appID;
      const dev = await t.call(common.token, 'POST', '/api/device/create', {
        ...otaaDevice(1, { devEUI, devName: 'AB-CD meter' }),
        appID,
      });
      expect(dev.body.code).toBe(0);
      const gw = await t.call(common.token, 'POST', '/api/gateway/create', {
        gwID,
        gwName: 'roof',
        region: 'eu868',
        subnet: 'eu868-default',
        gwType: 'generic',
        txPower: 0,
      });
      expect(gw.body.code).toBe(0);
    });

    const found = async (category: string, keyword: string, id: string) => {
      const r = await t.call(common.token, 'GET', '/api/search', { category, keyword });
      expect(r.body.code).toBe(0);
      return r.body.data.map((x: Record<string, unknown>) => x[id]);
    };

    it.each([
      '70-B3-D5-A1-B2-C3-D4-E5',
      '70:b3:d5:a1:b2:c3:d4:e5',
      '70 B3 D5 A1 B2 C3 D4 E5',
      '70B3D5A1B2C3D4E5',
      '70-B3-D5-A1',
    ])('finds the device by %s', async (keyword) => {
      expect(await found('device', keyword, 'devEUI')).toEqual([devEUI]);
    });

    it('still finds a device by a name that looks like hex', async () => {
      expect(await found('device', 'ab-cd', 'devEUI')).toEqual([devEUI]);
      expect(await found('device', 'AB-CE', 'devEUI')).toEqual([]);
    });

    it.each(['A8-40-41-1F-00-E0-C0-01', 'a8:40:41:1f:00:e0:c0:01', 'A8 40 41 1F', 'A840411F00E0C001'])(
      'finds the gateway by %s',
      async (keyword) => {
        expect(await found('gateway', keyword, 'gwID')).toEqual([gwID]);
      },
    );

    it('finds nothing for another EUI', async () => {
      expect(await found('device', '70-B3-D5-A1-B2-C3-D4-E6', 'devEUI')).toEqual([]);
      expect(await found('gateway', 'A8-40-41-1F-00-E0-C0-02', 'gwID')).toEqual([]);
    });
  });
});
