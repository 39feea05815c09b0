import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const PASSWORD = 'pw-123456';
const NEW = 'silver-orchard-58';

describe('POST /api/user/password: changing one’s own password', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const change = (token: string | undefined, body: unknown) =>
    t.call(token, 'POST', '/api/user/password', body as Record<string, unknown>);
  const works = async (token: string) => (await t.call(token, 'GET', '/api/user/info')).body.code === 0;
  const signsIn = async (name: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { name, password } })).json().code === 0;

  it('a common user changes it: the answered session works, the new password signs in, the old one not', async () => {
    const { token } = await t.userWithToken('alice-ops');
    const res = await change(token, { currentPassword: PASSWORD, newPassword: NEW });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(await works(res.body.data.token)).toBe(true);
    expect(await works(token)).toBe(false);
    expect(await signsIn('alice-ops', NEW)).toBe(true);
    expect(await signsIn('alice-ops', PASSWORD)).toBe(false);
  });

  it('refuses a wrong current password naming currentPassword, and keeps the old one', async () => {
    const { token } = await t.userWithToken('bob-ops');
    const res = await change(token, { currentPassword: 'not-my-password', newPassword: NEW });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: C.CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
    expect(await works(token)).toBe(true);
    expect(await signsIn('bob-ops', PASSWORD)).toBe(true);
  });

  it('refuses the same password again naming newPassword', async () => {
    const { token } = await t.userWithToken('carol-ops');
    const res = await change(token, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: C.PASSWORD_UNCHANGED, field: 'newPassword' });
    expect(await works(token)).toBe(true);
  });

  it('refuses a new password that contains the caller’s name (only the server knows it from the session)', async () => {
    const { token } = await t.userWithToken('dave-ops');
    const res = await change(token, { currentPassword: PASSWORD, newPassword: 'dave-ops-harbour' });
    expect(res.body).toMatchObject({ code: C.PASSWORD_CONTAINS_NAME, field: 'newPassword' });
    expect(await signsIn('dave-ops', PASSWORD)).toBe(true);
  });

  it('needs a session', async () => {
    const res = await change(undefined, { currentPassword: PASSWORD, newPassword: NEW });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(C.TOKEN_MISSING);
  });

  it.each([
    [{}, 'currentPassword'],
    [{ currentPassword: PASSWORD }, 'newPassword'],
    [{ currentPassword: 7, newPassword: NEW }, 'currentPassword'],
    [{ currentPassword: PASSWORD, newPassword: ['x'] }, 'newPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'n'.repeat(129) }, 'newPassword'],
  ])('answers a coded refusal for the body %j naming %s', async (body, field) => {
    const { token } = await t.userWithToken(`garbage-${field.length}-${JSON.stringify(body).length}`);
    const res = await change(token, body);
    expect(res.status).toBe(400);
    expect([C.PARAM_EMPTY, C.PARAM_FORMAT]).toContain(res.body.code);
    expect(res.body.field).toBe(field);
    expect(await works(token)).toBe(true);
  });

  it('answers a coded refusal for a body that is not JSON', async () => {
    const { token } = await t.userWithToken('not-json');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      payload: '{"currentPassword":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: C.PARAM_FORMAT, field: 'body' });
  });

  it('records the change in the audit log without either password', async () => {
    const { token, userID } = await t.userWithToken('erin-ops');
    await change(token, { currentPassword: 'wrong-guess-1', newPassword: NEW });
    await change(token, { currentPassword: PASSWORD, newPassword: NEW });
    const res = await t.call(admin, 'GET', '/api/audit/list', { userName: 'erin-ops', action: 'user.password' });
    const rows = res.body.data as { entityID: string; success: boolean; code: number; request: unknown }[];
    expect(rows.map((r) => [r.success, r.code]).sort()).toEqual([
      [false, C.CURRENT_PASSWORD_WRONG],
      [true, 0],
    ]);
    for (const r of rows) {
      expect(r.entityID).toBe(String(userID));
      expect(r.request).toEqual({ currentPassword: '***', newPassword: '***' });
    }
  });
});
