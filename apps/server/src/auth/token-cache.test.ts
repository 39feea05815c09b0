import { authApi } from '@lns/contract/api/auth';
import { userApi } from '@lns/contract/api/users';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness';
import { until } from '../../test/server-process';
import { topics } from '../bus/bus';
import type { AuthUser } from './guard';
import { TokenCache } from './token-cache';
import { hashToken } from './tokens';

const alice: AuthUser = { id: 7, name: 'alice', admin: false };

describe('TokenCache', () => {
  it('asks once within the TTL and again after it', async () => {
    const cache = new TokenCache<AuthUser>(1_000);
    let asked = 0;
    const lookup = async () => {
      asked++;
      return alice;
    };
    await cache.get('t', lookup, 0);
    await cache.get('t', lookup, 999);
    expect(asked).toBe(1);
    await cache.get('t', lookup, 1_000);
    expect(asked).toBe(2);
  });

  it('does not keep refusals', async () => {
    const cache = new TokenCache<AuthUser>();
    let user: AuthUser | undefined;
    expect(await cache.get('t', async () => user)).toBeUndefined();
    user = alice;
    expect(await cache.get('t', async () => user)).toEqual(alice);
  });

  it('a revocation by token hash or by user drops the entry', async () => {
    const cache = new TokenCache<AuthUser>();
    let asked = 0;
    const lookup = async () => {
      asked++;
      return alice;
    };
    await cache.get('a', lookup);
    cache.revoke({ userId: 99, tokenHash: hashToken('a') });
    await cache.get('a', lookup);
    cache.revoke({ userId: alice.id });
    await cache.get('a', lookup);
    expect(asked).toBe(3);
  });

  it('an answer read before a revocation is not kept', async () => {
    const cache = new TokenCache<AuthUser>();
    let release = () => {};
    const slow = cache.get('a', () => new Promise<AuthUser>((r) => (release = () => r(alice))));
    cache.revoke({ userId: alice.id });
    release();
    await slow;
    let asked = 0;
    await cache.get('a', async () => {
      asked++;
      return alice;
    });
    expect(asked).toBe(1);
  });

  it('keeps at most `max` entries', async () => {
    const cache = new TokenCache<AuthUser>(60_000, 2);
    let asked = 0;
    const lookup = async () => {
      asked++;
      return alice;
    };
    for (const t of ['a', 'b', 'c', 'a']) await cache.get(t, lookup);
    expect(asked).toBe(4);
  });
});

describe('a cached token is refused at once after', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());
  const info = async (token: string) => (await t.call(token, 'GET', authApi.info.path)).body;

  it('logout', async () => {
    const { token } = await t.userWithToken('out');
    expect((await info(token)).code).toBe(0);
    expect((await t.call(token, 'POST', authApi.logout.path)).body.code).toBe(0);
    expect((await info(token)).code).toBe(C.TOKEN_INVALID);
  });

  it('deletion of the user', async () => {
    const { token, userID } = await t.userWithToken('gone');
    expect((await info(token)).code).toBe(0);
    expect((await t.call(admin, 'POST', userApi.delete.path, { userID })).body.code).toBe(0);
    expect((await info(token)).code).toBe(C.TOKEN_INVALID);
  });

  it('a password reset, and the API token after its rotation', async () => {
    const { token, userID } = await t.userWithToken('reset');
    const apiToken = (await t.call(admin, 'GET', userApi.status.path, { userID: String(userID) })).body.data.apiToken;
    expect((await info(token)).code).toBe(0);
    expect((await info(apiToken)).code).toBe(0);
    await t.call(admin, 'POST', userApi.update.path, { userID, name: 'reset', password: 'other-pass-9', admin: 0 });
    expect((await info(token)).code).toBe(C.TOKEN_INVALID);
    expect((await info(apiToken)).code).toBe(C.TOKEN_INVALID);
  });

  it('a rename shows on the next call', async () => {
    const { token, userID } = await t.userWithToken('before');
    expect((await info(token)).data.name).toBe('before');
    await t.call(admin, 'POST', userApi.update.path, { userID, name: 'after', admin: 0 });
    expect((await info(token)).data.name).toBe('after');
  });
});

// Two instances of one cluster: a logout on one reaches the other's cache through Redis.
describe.skipIf(!onPostgres)('a logout on another instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    a = await createTestApp(env);
    b = await createTestApp(env, { shareDatabaseOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ends the cached token there too', async () => {
    const { token } = await a.userWithToken('roamer');
    expect((await b.call(token, 'GET', authApi.info.path)).body.code).toBe(0);
    let heard = false;
    const off = b.services.bus.subscribe(topics.authRevoked, () => (heard = true));
    expect((await a.call(token, 'POST', authApi.logout.path)).body.code).toBe(0);
    // Redis delivers asynchronously: wait for the message, then the old token is refused at once.
    await until(async () => (heard ? true : undefined));
    off();
    expect((await b.call(token, 'GET', authApi.info.path)).body.code).toBe(C.TOKEN_INVALID);
  });
});
