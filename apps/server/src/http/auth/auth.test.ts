import { CAPTCHA } from '@lns/contract/auth';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness';

const drag = (x: number): [number, number, number][] => [
  [0, 0, 0],
  [x / 3, 1, 120],
  [(2 * x) / 3, 2, 260],
  [x, 2, 400],
];

describe('sign-in without captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in the bootstrap admin and answers token, name, userID, admin', async () => {
    const { body } = await t.call(undefined, 'POST', '/api/login', { name: 'admin', password: ADMIN_PASSWORD });
    expect(body).toMatchObject({ code: 0, name: 'admin', admin: 1 });
    expect(typeof (body as any).token).toBe('string');
    expect((body as any).userID).toBeGreaterThan(0);
  });

  it('refuses a wrong password with 2004 and an unknown account the same way', async () => {
    const wrong = await t.call(undefined, 'POST', '/api/login', { name: 'admin', password: 'nope' });
    const unknown = await t.call(undefined, 'POST', '/api/login', { name: 'ghost', password: 'nope' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 2004 } });
    expect(unknown).toMatchObject({ status: 401, body: { code: 2004 } });
  });

  it('names the empty field: 1006 for a missing name', async () => {
    const { status, body } = await t.call(undefined, 'POST', '/api/login', { password: 'x' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 1006, field: 'name' });
  });

  it('answers garbage JSON with 1007, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1007);
  });

  it('missing token → 1003, bad token → 1004', async () => {
    expect((await t.call(undefined, 'GET', '/api/user/info')).body.code).toBe(1003);
    expect((await t.call('not-a-token', 'GET', '/api/user/info')).body.code).toBe(1004);
  });

  it('user info lists access [admin, user, fuota] for admins and [user] otherwise', async () => {
    const admin = await t.login();
    expect((await t.call(admin, 'GET', '/api/user/info')).body.data).toMatchObject({
      name: 'admin',
      access: ['admin', 'user', 'fuota'],
      license: { valid: true },
    });
    const { token } = await t.userWithToken('plain-user');
    expect((await t.call(token, 'GET', '/api/user/info')).body.data).toMatchObject({ admin: 0, access: ['user'] });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().code).toBe(0);
  });

  it('logout revokes the token', async () => {
    const token = await t.login();
    expect((await t.call(token, 'POST', '/api/logout')).body.code).toBe(0);
    expect((await t.call(token, 'GET', '/api/user/info')).body.code).toBe(1004);
  });

  it('an expired session is refused with 1004', async () => {
    const token = await t.login();
    await t.services.database.exec(`UPDATE sessions SET expires_at = ${Date.now() - 1000}`);
    expect((await t.call(token, 'GET', '/api/user/info')).body.code).toBe(1004);
  });

  it('throttles after 5 failures from one address with 429, for that address only', async () => {
    const { token } = await t.userWithToken('victim');
    expect(token).toBeTruthy();
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { name: 'victim', password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.9', 'bad')).json().code).toBe(2004);
    const blocked = await from('10.0.0.9', 'pw-123456');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(C.SIGN_IN_THROTTLED);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // No lockout of the account itself: another address still signs in.
    expect((await from('10.0.0.10', 'pw-123456')).json().code).toBe(0);
  });

  it('unknown API path → 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('answers msg in the caller language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { 'accept-language': 'zh-CN' } });
    expect(res.json().msg).toContain('令牌');
  });
});

describe('slide-puzzle captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'true' });
  });
  afterAll(() => t.close());

  const challenge = async () => {
    const { body } = await t.call(undefined, 'GET', '/api/captcha');
    expect(body.data.background).toMatch(/^data:image\/png;base64,/);
    expect(body.data.piece).toMatch(/^data:image\/png;base64,/);
    expect(body.data.width).toBe(CAPTCHA.width);
    return { id: body.data.id as string, gap: (await t.services.captcha.peekGap(body.data.id))! };
  };

  it('refuses sign-in without a ticket', async () => {
    const { body } = await t.call(undefined, 'POST', '/api/login', { name: 'admin', password: ADMIN_PASSWORD });
    expect(body).toMatchObject({ code: 1007, field: 'digest' });
  });

  it('a wrong x fails and burns the challenge', async () => {
    const { id, gap } = await challenge();
    const far = gap > 150 ? gap - 60 : gap + 60;
    expect((await t.call(undefined, 'POST', '/api/captcha/check', { id, x: far, track: drag(far) })).body.code).toBe(
      1007,
    );
    expect((await t.call(undefined, 'POST', '/api/captcha/check', { id, x: gap, track: drag(gap) })).body.code).toBe(
      1007,
    );
  });

  it('an instant jump without a drag track fails', async () => {
    const { id, gap } = await challenge();
    expect(
      (await t.call(undefined, 'POST', '/api/captcha/check', { id, x: gap, track: [[gap, 0, 0]] })).body.code,
    ).toBe(1007);
  });

  it('a right x gives a ticket that works once', async () => {
    const { id, gap } = await challenge();
    const checked = await t.call(undefined, 'POST', '/api/captcha/check', { id, x: gap + 2, track: drag(gap + 2) });
    expect(checked.body.code).toBe(0);
    const ticket = checked.body.data.ticket;
    const first = await t.call(undefined, 'POST', '/api/login', {
      name: 'admin',
      password: ADMIN_PASSWORD,
      digest: ticket,
      timeStamp: Date.now(),
    });
    expect(first.body.code).toBe(0);
    const again = await t.call(undefined, 'POST', '/api/login', {
      name: 'admin',
      password: ADMIN_PASSWORD,
      digest: ticket,
    });
    expect(again.body).toMatchObject({ code: 1007, field: 'digest' });
  });

  it('an expired ticket fails', async () => {
    const { id, gap } = await challenge();
    const ticket = (await t.services.captcha.check(id, gap, drag(gap)))!;
    expect(await t.services.captcha.redeem(ticket, Date.now() + CAPTCHA.ticketTtlMs + 1)).toBe(false);
  });
});

describe('sign-in across two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { LOGIN_CAPTCHA: 'true', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  // A random client address and name per run: the window in Redis outlives the test.
  const run = Math.random().toString(36).slice(2, 8);
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const login = (t: TestApp, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: address });

  it('a captcha issued by one instance is checked by the other, and its ticket works once anywhere', async () => {
    const { body } = await a.call(undefined, 'GET', '/api/captcha');
    const gap = (await a.services.captcha.peekGap(body.data.id))!;
    const checked = await b.call(undefined, 'POST', '/api/captcha/check', {
      id: body.data.id,
      x: gap,
      track: drag(gap),
    });
    expect(checked.body.code).toBe(0);
    const digest = checked.body.data.ticket;
    expect((await login(a, { name: 'admin', password: ADMIN_PASSWORD, digest })).json().code).toBe(0);
    expect((await login(b, { name: 'admin', password: ADMIN_PASSWORD, digest })).json()).toMatchObject({
      code: 1007,
      field: 'digest',
    });
  });

  it('failed sign-ins count across instances', async () => {
    const name = `ghost-${run}`;
    for (let i = 0; i < 5; i++) {
      const res = await login(i % 2 ? a : b, { name, password: 'bad', digest: 'none' });
      expect(res.json().code).toBe(1007); // no valid ticket, yet a failure is not counted for it
    }
    // Wrong passwords behind valid tickets: 3 on one instance, 2 on the other, then blocked on both.
    const ticket = async (t: TestApp) => {
      const { body } = await t.call(undefined, 'GET', '/api/captcha');
      const gap = (await t.services.captcha.peekGap(body.data.id))!;
      return (await t.services.captcha.check(body.data.id, gap, drag(gap)))!;
    };
    for (let i = 0; i < 5; i++) {
      const t = i < 3 ? a : b;
      expect((await login(t, { name, password: 'bad', digest: await ticket(t) })).json().code).toBe(2004);
    }
    for (const t of [a, b]) {
      const res = await login(t, { name, password: 'bad', digest: await ticket(t) });
      expect(res.statusCode).toBe(429);
    }
  });
});
