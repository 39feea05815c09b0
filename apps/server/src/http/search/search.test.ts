import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('passes the EUI-normalised keyword to hex types and scopes by the caller', async () => {
    const seen: { keyword: string; userId: number; mcEUI?: string }[] = [];
    t.services.search.register('mcgroup', async (a) => {
      seen.push({ keyword: a.keyword, userId: a.user.id, mcEUI: a.mcEUI });
      return { rows: [{ mcEUI: a.keyword }], amount: 1 };
    });
    const r = await t.call(common.token, 'GET', '/api/search', {
      category: 'mcgroup',
      keyword: 'AA-BB-CC-DD-EE-FF-00-11',
      mcEUI: 'AA:BB:CC:DD:EE:FF:00:11',
    });
    expect(r.body).toMatchObject({ code: 0, amount: 1, data: [{ mcEUI: 'aabbccddeeff0011' }] });
    expect(seen[0]).toEqual({ keyword: 'aabbccddeeff0011', userId: common.userID, mcEUI: 'aabbccddeeff0011' });
    // Names are not touched for non-hex types.
    const u = await t.call(admin, 'GET', '/api/search', { category: 'user', keyword: 'AABBCCDDEEFF0011' });
    expect(u.body.code).toBe(0);
  });
});
