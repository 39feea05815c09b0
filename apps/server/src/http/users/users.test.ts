import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('users API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('creates, lists, updates and deletes a user', async () => {
    const created = await t.call(admin, 'POST', '/api/user/create', {
      name: 'alice.w@ops',
      password: 'quiet-river-7',
      admin: 0,
    });
    expect(created.body.code).toBe(0);
    const userID = created.body.data.userID;
    const listed = await t.call(admin, 'GET', '/api/user/list', {
      pageNo: '1',
      pageSize: '50',
      orderBy: 'name',
      orderType: 'asc',
    });
    expect(listed.body.amount).toBeGreaterThanOrEqual(2);
    expect(listed.body.data.map((u: any) => u.name)).toContain('alice.w@ops');
    expect((await t.call(admin, 'POST', '/api/user/update', { userID, name: 'alice2', admin: 1 })).body.code).toBe(0);
    const status = await t.call(admin, 'GET', '/api/user/status', { userID: String(userID) });
    expect(status.body.data).toMatchObject({ userID, name: 'alice2', admin: 1 });
    expect(status.body.data.apiToken).toMatch(/^lns_/);
    expect(status.body.data.mqURL).toMatch(/^mqtt:\/\//);
    expect(status.body.data.mqUsername).toBeTruthy();
    expect(status.body.data.mqPassword).toBeTruthy();
    expect((await t.call(admin, 'POST', '/api/user/delete', { userID })).body.code).toBe(0);
    expect((await t.call(admin, 'GET', '/api/user/status', { userID: String(userID) })).body.code).toBe(2002);
  });

  it('pages with pageNo/pageSize and sorts by a whitelisted field only', async () => {
    for (const n of ['p1', 'p2', 'p3'])
      await t.call(admin, 'POST', '/api/user/create', { name: n, password: 'pw-123456', admin: 0 });
    const page = await t.call(admin, 'GET', '/api/user/list', {
      pageNo: '2',
      pageSize: '2',
      orderBy: 'name',
      orderType: 'asc',
    });
    expect(page.body.data).toHaveLength(2);
    const bad = await t.call(admin, 'GET', '/api/user/list', { orderBy: 'password_hash' });
    expect(bad.body).toMatchObject({ code: 1007, field: 'orderBy' });
  });

  it.each([
    [{ password: 'x', admin: 0 }, 1006, 'name'],
    [{ name: '', password: 'x', admin: 0 }, 1006, 'name'],
    [{ name: 'a'.repeat(65), password: 'x', admin: 0 }, 1007, 'name'],
    [{ name: 'bad name!', password: 'x', admin: 0 }, 1007, 'name'],
    [{ name: 'ok', admin: 0 }, 1006, 'password'],
    [{ name: 'ok', password: 'x' }, 1006, 'admin'],
    [{ name: 'ok', password: 'x', admin: 2 }, 1007, 'admin'],
  ])('refuses %j with %i naming %s and writes nothing', async (payload, code, field) => {
    const before = (await t.call(admin, 'GET', '/api/user/list')).body.amount;
    const { status, body } = await t.call(admin, 'POST', '/api/user/create', payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, field });
    expect((await t.call(admin, 'GET', '/api/user/list')).body.amount).toBe(before);
  });

  it('refuses a duplicate name with 2003', async () => {
    await t.call(admin, 'POST', '/api/user/create', { name: 'dup', password: 'pw-123456', admin: 0 });
    const again = await t.call(admin, 'POST', '/api/user/create', { name: 'dup', password: 'pw-654321', admin: 0 });
    expect(again.body.code).toBe(2003);
  });

  it('answers a common user on admin routes with 1010 / HTTP 403', async () => {
    const { token, userID } = await t.userWithToken('commoner');
    const res = await t.call(token, 'GET', '/api/user/list');
    expect(res).toMatchObject({ status: 403, body: { code: 1010 } });
    expect((await t.call(token, 'POST', '/api/user/create', { name: 'x', password: 'x', admin: 1 })).body.code).toBe(
      1010,
    );
    // but may read its own detail
    expect((await t.call(token, 'GET', '/api/user/status', { userID: String(userID) })).body.code).toBe(0);
    expect((await t.call(token, 'GET', '/api/user/status', { userID: '1' })).body.code).toBe(1010);
  });

  it('an admin cannot delete itself or the last admin', async () => {
    const me = (await t.call(admin, 'GET', '/api/user/info')).body.data.userID;
    expect((await t.call(admin, 'POST', '/api/user/delete', { userID: me })).body.code).toBe(1010);
    expect((await t.call(admin, 'POST', '/api/user/update', { userID: me, name: 'admin', admin: 0 })).body.code).toBe(
      1010,
    );
  });

  it('a password change and deleting the user revoke its tokens', async () => {
    const { token, userID } = await t.userWithToken('rotating');
    await t.call(admin, 'POST', '/api/user/update', { userID, name: 'rotating', password: 'new-pass-1', admin: 0 });
    expect((await t.call(token, 'GET', '/api/user/info')).body.code).toBe(1004);
    const again = await t.login('rotating', 'new-pass-1');
    await t.call(admin, 'POST', '/api/user/delete', { userID });
    expect((await t.call(again, 'GET', '/api/user/info')).body.code).toBe(1004);
  });

  it('the API token authenticates as Bearer and can be regenerated', async () => {
    const { token, userID } = await t.userWithToken('api-user');
    const apiToken = (await t.call(token, 'GET', '/api/user/status', { userID: String(userID) })).body.data.apiToken;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(res.json().data.name).toBe('api-user');
    const regen = await t.call(token, 'POST', '/api/user/token/regenerate', { userID });
    expect(regen.body.data.apiToken).not.toBe(apiToken);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(old.json().code).toBe(1004);
  });
});
