import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupI18n, stubFetch } from '../../test/render';
import { setNavigator } from '../lib/http';
import { session } from '../lib/session';
import { loginLoader, requireSession, unknownLoader } from './guard';
import { ROUTES } from './routes';

const at = (path: string) => ({ request: new Request(`http://localhost${path}`) });
const location = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null);
const info = (admin: 0 | 1, valid = true) => ({
  code: 0,
  data: {
    userID: 3,
    name: 'bob',
    admin,
    access: admin ? ['admin', 'user'] : ['user'],
    license: { valid, expiresAt: null },
  },
});

describe('navigation guard', () => {
  beforeAll(() => setupI18n());
  beforeEach(() => {
    session.clear();
    setNavigator(() => {});
  });

  it('no token: every protected route and unknown paths go to /login; /login stays', async () => {
    expect(location(await requireSession(at('/home')))).toBe('/login');
    expect(location(unknownLoader())).toBe('/login');
    expect(loginLoader()).toBeNull();
  });

  it('token: /login goes home; user info is fetched once per session', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 3, admin: 0 });
    expect(location(loginLoader())).toBe('/home');
    const calls = stubFetch({ '/api/user/info': info(0) });
    expect(await requireSession(at('/home'))).toBeNull();
    expect(await requireSession(at('/application/list'))).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/user/info')).toHaveLength(1);
    expect(unknownLoader()).toBeNull();
  });

  it('a failed user-info fetch clears the token and goes to /login', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 3, admin: 0 });
    stubFetch({ '/api/user/info': { code: 1004, msg: 'token invalid' } });
    expect(location(await requireSession(at('/home')))).toBe('/login');
    expect(session.token).toBeNull();
  });

  it('a network failure keeps the token (a page being left aborts its calls)', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 3, admin: 0 });
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(requireSession(at('/home'))).rejects.toMatchObject({ code: -1 });
    expect(session.token).toBe('t');
  });

  it('no license and not admin → /login; an admin passes', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 3, admin: 0 });
    stubFetch({ '/api/user/info': info(0, false) });
    expect(location(await requireSession(at('/home')))).toBe('/login');
    session.signIn({ token: 't', name: 'root', userID: 1, admin: 1 });
    stubFetch({ '/api/user/info': info(1, false) });
    expect(await requireSession(at('/home'))).toBeNull();
  });

  it('routes whose access list is not satisfied go to /401', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 3, admin: 0 });
    stubFetch({ '/api/user/info': info(0) });
    for (const p of [
      '/user',
      '/user/detail',
      '/platform/network',
      '/gateway/shell-tool',
      '/multicast/fuota/list',
      '/application/device/relay/status',
    ]) {
      expect(location(await requireSession(at(p))), p).toBe('/401');
    }
    session.addAccess('rhf3mr01');
    expect(await requireSession(at('/application/device/relay/status'))).toBeNull();
    expect(await requireSession(at('/gateway/list'))).toBeNull();
  });

  it('declares every route once, with a leading slash, and parents that exist', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES) {
      expect(r.path.startsWith('/')).toBe(true);
      if (r.parent) expect(paths, r.path).toContain(r.parent);
      if (r.redirect) expect(paths, r.path).toContain(r.redirect);
    }
  });
});
