import { applicationApi } from '@lns/contract/api/applications';
import { searchApi } from '@lns/contract/api/search';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRow } from '../../test/fixtures';
import { setupI18n, stubFetch } from '../../test/render';
import { api, refusalOf } from './api';
import { authRoutes } from './authRoutes';
import { session } from './session';

const row = appRow({ deviceNums: 2, username: 'alice', createtime: 1_700_000_000_000 });

describe('typed API client', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('calls the declared path: a GET sends its query, a list answers rows and amount', async () => {
    const calls = stubFetch({ '/api/application/list': { code: 0, amount: 9, data: [row] } });
    const r = await api.list(applicationApi.list, { pageNo: 2, pageSize: 50, orderBy: 'appName' });
    expect(r).toEqual({ rows: [row], amount: 9 });
    expect(calls[0]!.init?.method).toBe('GET');
    expect(calls[0]!.url.search).toBe('?pageNo=2&pageSize=50&orderBy=appName');
  });

  it('a POST sends its body as JSON', async () => {
    const calls = stubFetch({ '/api/application/create': { code: 0, data: { appID: 4 } } });
    expect(await api.data(applicationApi.create, { appName: 'x' })).toEqual({ appID: 4 });
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ appName: 'x' });
  });

  it('path parameters fill the path; the other fields stay the query', async () => {
    const calls = stubFetch({ '/api/search/user': { code: 0, amount: 1, data: [{ userID: 7, name: 'alice' }] } });
    const r = await api.list(searchApi.byType, { type: 'user', keyword: 'ali', pageSize: 10 });
    expect(r.amount).toBe(1);
    expect(calls[0]!.url.pathname).toBe('/api/search/user');
    expect(calls[0]!.url.search).toBe('?keyword=ali&pageSize=10');
  });

  it('an answer outside the contract fails in development and tests, naming the field', async () => {
    stubFetch({ '/api/application/list': { code: 0, amount: 1, data: [{ ...row, appID: 'three' }] } });
    await expect(api.list(applicationApi.list, {})).rejects.toThrow(
      /GET \/api\/application\/list answered outside its contract: data\.0\.appID/,
    );
  });

  it('a call by route (no schemas loaded) sends the same request and is checked against the declaration', async () => {
    const calls = stubFetch({ [authRoutes.checkCaptcha.path]: { code: 0, data: { ticket: 't-1' } } });
    expect(await api.data(authRoutes.checkCaptcha, { id: 'c1', x: 40 })).toEqual({ ticket: 't-1' });
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ id: 'c1', x: 40 });
    stubFetch({ [authRoutes.info.path]: { code: 0, data: { userID: 'seven' } } });
    await expect(api.data(authRoutes.info, undefined)).rejects.toThrow(
      /GET \/api\/user\/info answered outside its contract: data\.userID/,
    );
  });

  it("a refusal's data is typed by the endpoint's refusal schema", async () => {
    const failed = [{ id: '5', code: 3001, reason: 'application missing' }];
    stubFetch({ '/api/application/delete': { code: 3003, msg: 'refused', data: { deleted: [], failed } } });
    const err = await api.data(applicationApi.delete, { appIDs: [5] }, { silent: true }).catch((e) => e);
    expect(refusalOf(applicationApi.delete, err)?.failed).toEqual(failed);
  });
});
