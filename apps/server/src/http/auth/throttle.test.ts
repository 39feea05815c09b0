import { LOGIN_THROTTLE } from '@lns/contract/auth';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';

const PASSWORD = 'pw-123456';

/** One sign-in attempt from a client address, optionally through a proxy header. */
const attempt = (t: TestApp, name: string, password: string, from: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { name, password }, remoteAddress: from, headers });

describe('sign-in throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['target', 'owner', 'counted', 'spray-0']) await t.userWithToken(name);
  });
  afterAll(() => t.close());

  it('checks at most the free attempts of 60 parallel guesses; the right password waits too', async () => {
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((pw) => attempt(t, 'target', pw, '10.20.0.1')));
    const codes = answers.map((r) => r.json().code);
    const checked = codes.filter((c) => c !== C.SIGN_IN_THROTTLED);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_THROTTLE.accountAddressFree);
    expect(codes.filter((c) => c === C.SIGN_IN_THROTTLED).length).toBeGreaterThanOrEqual(
      60 - LOGIN_THROTTLE.accountAddressFree,
    );
    // Once the budget is spent, the right password is refused like any other, with a Retry-After.
    const right = await attempt(t, 'target', PASSWORD, '10.20.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(C.SIGN_IN_THROTTLED);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_THROTTLE.maxDelayMs / 1000);
  });

  it('the owner signs in from a clean address while a stranger hammers the account from others', async () => {
    // Enough strangers to reach the account-wide ceiling.
    const strangers = Math.ceil(LOGIN_THROTTLE.accountCeiling / LOGIN_THROTTLE.accountAddressFree);
    for (let s = 0; s < strangers; s++) {
      const from = `10.30.${s}.1`;
      const answers = await Promise.all(
        Array.from({ length: LOGIN_THROTTLE.accountAddressFree + 3 }, (_, i) => attempt(t, 'owner', `bad-${i}`, from)),
      );
      expect(answers.filter((r) => r.json().code === 2004)).toHaveLength(LOGIN_THROTTLE.accountAddressFree);
    }
    // Under attack, an address that already failed on the account gets no second free try...
    expect((await attempt(t, 'owner', 'bad-x', '10.31.0.1')).json().code).toBe(2004);
    expect((await attempt(t, 'owner', PASSWORD, '10.31.0.1')).json().code).toBe(C.SIGN_IN_THROTTLED);
    // ...but the owner's clean address is never locked out.
    const owner = await attempt(t, 'owner', PASSWORD, '10.32.0.1');
    expect(owner.json()).toMatchObject({ code: 0, name: 'owner' });
  });

  it('a success starts the account afresh for that address', async () => {
    const from = '10.40.0.1';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_THROTTLE.accountAddressFree - 1; i++) {
        expect((await attempt(t, 'counted', 'bad', from)).json().code).toBe(2004);
      }
      expect((await attempt(t, 'counted', PASSWORD, from)).json().code).toBe(0);
    }
  });

  it('one address guessing across many accounts is slowed, whichever account it names next', async () => {
    const from = '10.50.0.1';
    for (let i = 0; i < LOGIN_THROTTLE.addressFree; i++) {
      expect((await attempt(t, `spray-${i + 1}`, 'bad', from)).json().code).toBe(2004);
    }
    expect((await attempt(t, 'spray-0', PASSWORD, from)).json().code).toBe(C.SIGN_IN_THROTTLED);
    // Another address is not affected.
    expect((await attempt(t, 'spray-0', PASSWORD, '10.50.0.2')).json().code).toBe(0);
  });

  it('an unknown account is throttled exactly like a real one', async () => {
    const from = '10.60.0.1';
    for (let i = 0; i < LOGIN_THROTTLE.accountAddressFree; i++) {
      expect((await attempt(t, 'nobody-here', 'bad', from)).json().code).toBe(2004);
    }
    expect((await attempt(t, 'nobody-here', 'bad', from)).json().code).toBe(C.SIGN_IN_THROTTLED);
    expect((await attempt(t, 'nobody-here', 'bad', '10.60.0.2')).json().code).toBe(2004);
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY: a client cannot pick a new address per guess', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_THROTTLE.accountAddressFree; i++) {
      const res = await attempt(t, 'xff-victim', 'bad', '10.70.0.1', { 'x-forwarded-for': `192.0.2.${i + 1}` });
      codes.push(res.json().code);
    }
    expect(codes.at(-1)).toBe(C.SIGN_IN_THROTTLED);
  });
});

describe('sign-in throttle behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.80.0.0/16, ::1' });
  });
  afterAll(() => t.close());

  it("honours the proxy's X-Forwarded-For: each client address has its own budget", async () => {
    for (let i = 0; i <= LOGIN_THROTTLE.accountAddressFree; i++) {
      const res = await attempt(t, 'behind-proxy', 'bad', '10.80.1.1', { 'x-forwarded-for': `192.0.2.${i + 1}` });
      expect(res.json().code).toBe(2004);
    }
    // The same client through the proxy is counted as itself.
    for (let i = 0; i < LOGIN_THROTTLE.accountAddressFree; i++) {
      await attempt(t, 'behind-proxy', 'bad', '10.80.1.1', { 'x-forwarded-for': '198.51.100.7' });
    }
    const res = await attempt(t, 'behind-proxy', 'bad', '10.80.1.1', { 'x-forwarded-for': '198.51.100.7' });
    expect(res.json().code).toBe(C.SIGN_IN_THROTTLED);
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_THROTTLE.accountAddressFree; i++) {
      const res = await attempt(t, 'not-proxied', 'bad', '10.90.0.1', { 'x-forwarded-for': `192.0.2.${i + 1}` });
      codes.push(res.json().code);
    }
    expect(codes.at(-1)).toBe(C.SIGN_IN_THROTTLED);
  });
});

describe('TRUST_PROXY setting', () => {
  it.each(['10.0.0.1', '10.0.0.0/8, fd00::/8', 'loopback,192.168.1.10'])('accepts %s', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY.length).toBeGreaterThan(0);
  });
  it.each(['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2'])('refuses %s naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
  it('defaults to no proxy', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  });
});
