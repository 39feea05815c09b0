import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { C, CODES } from '@lns/contract/codes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n, stubFetch } from '../../test/render';
import { ApiError, NETWORK_ERROR, type RequestOptions, request, setNavigator } from './http';
import { i18n, setLanguage } from './i18n';
import { session } from './session';
import { toast } from './toast';

// The typed client (lib/api.ts) calls `request`; these two stand in for it with bare paths.
const get = (path: string, query?: RequestOptions['query'], opts: RequestOptions = {}) =>
  request('GET', path, { ...opts, query }).then((e) => e.data);
const post = (path: string, body: unknown) => request('POST', path, { body }).then((e) => e.data);

describe('HTTP client', () => {
  const nav = vi.fn();
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 });
    setNavigator(nav);
    nav.mockReset();
    toast.clear();
  });
  afterEach(() => setLanguage('en-US'));

  it('sends the token and the language, drops empty query values, joins arrays', async () => {
    const calls = stubFetch({ '/api/x': { code: 0, data: { ok: 1 } } });
    await setLanguage('zh-CN');
    expect(await get('/api/x', { a: 1, b: '', c: undefined, d: ['p', 'q'] })).toEqual({ ok: 1 });
    const h = calls[0]!.init!.headers as Record<string, string>;
    expect(h['x-access-token']).toBe('tok-1');
    expect(h['Accept-Language']).toBe('zh-CN');
    expect(calls[0]!.url.search).toBe('?a=1&d=p%2Cq');
  });

  it('1001: clears the previous toast, shows the code text with the request id, not the server message', async () => {
    toast.info('old');
    const seen: (string | undefined)[] = [];
    const off = toast.subscribe((t) => seen.push(t?.message));
    stubFetch({ '/api/x': { code: 1001, msg: 'disk full', requestId: 'req-42' } });
    await expect(get('/api/x')).rejects.toMatchObject({ code: 1001 });
    off();
    expect(seen[0]).toBeUndefined(); // cleared first
    expect(toast.current).toMatchObject({
      kind: 'error',
      message: 'System busy, please try again later (Request ID: req-42)',
    });
  });

  it.each([1003, 1004, 2001])('%i: clears the session and goes to /login', async (code) => {
    stubFetch({ '/api/x': { code, msg: 'x' } });
    await expect(get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(session.token).toBeNull();
    expect(session.access).toEqual([]);
    expect(nav).toHaveBeenCalledWith('/login');
  });

  it('only code 0 is a result: a code the table lacks (4007) says its number, not the server message', async () => {
    stubFetch({ '/api/x': { code: 4007, msg: 'partial', data: { partial: true } } });
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ code: 4007 });
    expect(toast.current?.message).toBe('Request refused (code 4007)');
  });

  it('13002 marks the license invalid', async () => {
    stubFetch({ '/api/x': { code: 13002, msg: 'licence expired' } });
    await expect(get('/api/x')).rejects.toMatchObject({ code: 13002 });
    expect(session.licenseValid).toBe(false);
  });

  it('other codes: the translated code text with the field label, in the current language', async () => {
    stubFetch({ '/api/x': { code: 2003, msg: 'account exists: name', field: 'name' } });
    await expect(post('/api/x', {})).rejects.toMatchObject({ code: 2003, message: 'Account already exists: Name' });
    expect(toast.current?.message).toBe('Account already exists: Name');
    await setLanguage('zh-CN');
    await expect(post('/api/x', {})).rejects.toMatchObject({ message: '账号已存在：名称' });
  });

  it('a refused field is named by its label, a contract check by its translated text', async () => {
    await setLanguage('zh-CN');
    stubFetch({
      '/api/x': {
        code: 1007,
        msg: 'parameter format error: devices.2.devEUI (DevEUI must be 16 hex digits)',
        field: 'devices.2.devEUI',
      },
    });
    await expect(post('/api/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(toast.current?.message).toBe('取值无效：DevEUI（DevEUI 必须是 16 位十六进制数）');
    // A field the console has no label for is left out rather than shown raw.
    stubFetch({ '/api/x': { code: 3001, msg: 'application missing: someRawKey', field: 'someRawKey' } });
    await expect(post('/api/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(toast.current?.message).toBe('应用不存在');
    // A text that names the field already is not followed by it again.
    stubFetch({ '/api/x': { code: 5003, msg: 'gateway ID exists: gwID', field: 'gwID' } });
    await expect(post('/api/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(toast.current?.message).toBe('网关 ID 已存在');
  });

  it.each(['en-US', 'zh-CN'] as const)('%s: no code lets the server message reach the toast', async (lng) => {
    await setLanguage(lng);
    for (const key of Object.keys(CODES)) {
      const code = Number(key);
      if (code === C.OK) continue;
      stubFetch({ '/api/x': { code, msg: `server words ${code}` } });
      await expect(post('/api/x', {})).rejects.toBeInstanceOf(ApiError);
      const shown = toast.current?.message ?? '';
      expect(shown, `code ${code}`).not.toContain('server words');
      expect(shown, `code ${code}`).toBe(i18n.t(`common:codes.${code}`));
    }
  });

  it('network failure or no envelope: the server-error toast', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('failed'))) as typeof fetch;
    await expect(get('/api/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(toast.current?.message).toBe('Server error, please try again later');
    stubFetch({ '/api/x': () => new Response('<html>bad gateway</html>', { status: 502 }) });
    await expect(get('/api/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
  });

  it('reads the envelope of a non-200 answer', async () => {
    stubFetch({
      '/api/x': () => new Response(JSON.stringify({ code: 1010, msg: 'permission error' }), { status: 403 }),
    });
    await expect(get('/api/x')).rejects.toMatchObject({ code: 1010, message: 'You do not have permission for this' });
  });

  it('silent calls show no toast; accept turns a code into a result', async () => {
    stubFetch({ '/api/x': { code: 6002, msg: 'file exists' } });
    await expect(get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 6002 });
    expect(toast.current).toBeNull();
    expect((await request('GET', '/api/x', { accept: [6002] })).code).toBe(6002);
  });

  it('silent with codes: no toast for those, the usual toast for any other failure', async () => {
    const [info, list] = [applicationApi.info.path, deviceApi.list.path];
    stubFetch({
      [info]: { code: C.APP_MISSING, msg: 'application missing' },
      [list]: { code: C.FORBIDDEN, msg: 'no' },
    });
    await expect(get(info, undefined, { silent: [C.APP_MISSING] })).rejects.toMatchObject({ code: C.APP_MISSING });
    expect(toast.current).toBeNull();
    await expect(get(list, undefined, { silent: [C.APP_MISSING] })).rejects.toMatchObject({ code: C.FORBIDDEN });
    expect(toast.current?.message).toBe('You do not have permission for this');
    globalThis.fetch = (() => Promise.reject(new TypeError('failed'))) as typeof fetch;
    await expect(get(info, undefined, { silent: [C.APP_MISSING] })).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(toast.current?.message).toBe('Server error, please try again later');
  });
});
