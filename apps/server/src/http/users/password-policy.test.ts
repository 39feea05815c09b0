import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';

const NAME = 'operator-ops';
const GOOD = 'pw-123456';
/** What every path that sets a password must refuse, and with which code. */
const BAD: [string, number][] = [
  ['1', C.PASSWORD_TOO_SHORT],
  [' ', C.PASSWORD_TOO_SHORT],
  [' '.repeat(12), C.PASSWORD_TOO_SHORT],
  [NAME, C.PASSWORD_CONTAINS_NAME],
  [`${NAME.toUpperCase()}-2024`, C.PASSWORD_CONTAINS_NAME],
  ['password123', C.PASSWORD_TOO_COMMON],
  ['P@ssw0rd!', C.PASSWORD_TOO_COMMON],
];

describe('the password policy on every path that sets a password', () => {
  let t: TestApp;
  let admin: string;
  let userID: number;
  let own: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    ({ userID, token: own } = await t.userWithToken(NAME));
  });
  afterAll(() => t.close());

  it.each(BAD)('user create refuses %j with %i on the password field and creates nothing', async (password, code) => {
    // "operator" is a part of NAME, so the name rows refuse it too.
    const { status, body } = await t.call(admin, 'POST', '/api/user/create', { name: 'operator', password, admin: 0 });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, field: 'password' });
    const list = (await t.call(admin, 'GET', '/api/user/list')).body.data.map((u: { name: string }) => u.name);
    expect(list).not.toContain('operator');
  });

  it.each(BAD)('an admin reset refuses %j with %i and keeps the old password', async (password, code) => {
    const { status, body } = await t.call(admin, 'POST', '/api/user/update', {
      userID,
      name: NAME,
      password,
      admin: 0,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, field: 'password' });
    expect((await t.call(own, 'GET', '/api/user/info')).body.code).toBe(0);
  });

  it.each(BAD)('an own password change refuses %j with %i and keeps the session', async (password, code) => {
    const { status, body } = await t.call(own, 'POST', '/api/user/password', {
      currentPassword: GOOD,
      newPassword: password,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, field: 'newPassword' });
    expect((await t.call(own, 'GET', '/api/user/info')).body.code).toBe(0);
  });

  it('answers the policy text in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: { 'x-access-token': admin, 'accept-language': 'zh-CN' },
      payload: { name: 'short-one', password: '1', admin: 0 },
    });
    expect(res.json().msg).toContain('密码太短');
  });

  it('a password the policy accepts is taken', async () => {
    const { body } = await t.call(admin, 'POST', '/api/user/create', {
      name: 'accepted-user',
      password: 'quiet river under stone',
      admin: 0,
    });
    expect(body.code).toBe(0);
    expect(await t.login('accepted-user', 'quiet river under stone')).toBeTruthy();
  });
});

describe('ADMIN_PASSWORD at start', () => {
  it.each(['1', ' ', 'admin', 'Admin-2024', 'password123', 'qwertyuiop'])('refuses %j naming the variable', (pw) => {
    expect(() => loadConfig({ ADMIN_PASSWORD: pw })).toThrow(/ADMIN_PASSWORD/);
  });

  it('accepts a password the policy accepts', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'lantern-harbour-1' }).ADMIN_PASSWORD).toBe('lantern-harbour-1');
  });
});
