import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { C } from '@lns/contract/codes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n, stubFetch } from '../../test/render';
import { api } from './api';
import { ApiError, NETWORK_ERROR } from './http';
import { session } from './session';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const query = { gwID: 'a840410000001001', startTime: 1_700_000_000_000, endTime: 1_700_086_400_000 };

describe('typed client downloads', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the query with the token and saves the file under the name the server gives', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubFetch({
      '/api/gwconnection/excel': () =>
        new Response('xlsx-bytes', {
          headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="gwconnection-1.xlsx"' },
        }),
    });
    await api.download(gatewayDataApi.connectionExcel, query, 'fallback.xlsx');
    expect(saved).toEqual(['gwconnection-1.xlsx']);
    expect(calls[0]!.url.searchParams.get('gwID')).toBe(query.gwID);
    expect(calls[0]!.url.searchParams.get('startTime')).toBe(String(query.startTime));
    expect(new Headers(calls[0]!.init?.headers).get('x-access-token')).toBe('tok-1');
  });

  it('an envelope instead of the file is a refusal', async () => {
    stubFetch({
      '/api/gwconnection/excel': () =>
        Response.json({ code: C.GATEWAY_MISSING, msg: 'gateway missing', field: 'gwID' }, { status: 404 }),
    });
    const err = await api.download(gatewayDataApi.connectionExcel, query, 'x.xlsx').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(C.GATEWAY_MISSING);
  });

  it('no answer, or a failed one without an envelope, is a network error rather than a saved file', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    stubFetch({ '/api/gwconnection/excel': () => new Response('<html>bad gateway</html>', { status: 502 }) });
    expect((await api.download(gatewayDataApi.connectionExcel, query, 'x.xlsx').catch((e) => e)).code).toBe(
      NETWORK_ERROR,
    );
    globalThis.fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    expect((await api.download(gatewayDataApi.connectionExcel, query, 'x.xlsx').catch((e) => e)).code).toBe(
      NETWORK_ERROR,
    );
    expect(click).not.toHaveBeenCalled();
  });
});
