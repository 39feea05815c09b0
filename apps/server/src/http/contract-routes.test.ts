import { ENDPOINTS } from '@lns/contract/api/index';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/** The contract's endpoint declarations are the API: registered, guarded and documented as declared. */
describe('contract endpoints', () => {
  let t: TestApp;
  let userToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    userToken = (await t.userWithToken('contract-user')).token;
  });
  afterAll(() => t.close());

  it('every declared endpoint is a route of the server', () => {
    const missing = ENDPOINTS.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('declared paths are unique', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('each endpoint is guarded by its declared access', async () => {
    const wrong: string[] = [];
    for (const e of ENDPOINTS.filter((x) => x.access !== 'public')) {
      const anonymous = await t.app.inject({
        method: e.method,
        url: e.path,
        payload: e.method === 'GET' ? undefined : {},
      });
      if (anonymous.json().code !== C.TOKEN_MISSING) wrong.push(`${e.path} without a token: ${anonymous.body}`);
      if (e.access !== 'admin') continue;
      const common = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { 'x-access-token': userToken },
        payload: e.method === 'GET' ? undefined : {},
      });
      if (common.json().code !== C.FORBIDDEN) wrong.push(`${e.path} as a common user: ${common.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('/api/docs describes every endpoint with its summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // OpenAPI writes path parameters as {name}.
    const docPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    const undocumented = ENDPOINTS.filter(
      (e) => doc.paths[docPath(e.path)]?.[e.method.toLowerCase()]?.summary !== e.summary,
    ).map((e) => `${e.method} ${e.path}`);
    expect(undocumented).toEqual([]);
  });
});
