import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const script = (n: number) => `function decodeUplink(i) { return { data: { v: ${n} } }; }`;
const js = (n: number) => ({ name: 'js', type: 'javascript', content: script(n) });

describe('tenants: application quota, decoder changes, push URLs', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ APPS_PER_USER: '3', DECODER_CHANGES_PER_MINUTE: '3' });
    admin = await t.login();
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    t.call(token, 'POST', '/api/application/create', body).then((r) => ({ status: r.status, ...r.body }));
  const update = (token: string, body: Record<string, unknown>) =>
    t.call(token, 'POST', '/api/application/update', body).then((r) => ({ status: r.status, ...r.body }));
  const count = async (token: string) =>
    (await t.call(token, 'GET', '/api/application/list', { pageNo: '1', pageSize: '50' })).body.amount;

  it('refuses an application beyond the quota with 3101 and writes nothing; admins are exempt', async () => {
    const { token } = await t.userWithToken('quota-user');
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await create(token, { appName: `q${i}` });
      expect(r.code).toBe(0);
      ids.push(r.data.appID);
    }
    const over = await create(token, { appName: 'q4' });
    expect(over).toMatchObject({ status: 409, code: 3101 });
    expect(over.msg).toMatch(/application count above quota/);
    const zh = await t.call(
      token,
      'POST',
      '/api/application/create',
      { appName: 'q4' },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.body.msg).toMatch(/应用数量超出配额/);
    expect(await count(token)).toBe(3);
    // Deleting one makes room again.
    expect((await t.call(token, 'POST', '/api/application/delete', { appIDs: [ids[0]] })).body.code).toBe(0);
    expect((await create(token, { appName: 'q4' })).code).toBe(0);
    // Concurrent creates cannot overshoot the quota together.
    const { token: racer } = await t.userWithToken('quota-racer');
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => create(racer, { appName: `r${i}` })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code === 3101)).toHaveLength(2);
    expect(await count(racer)).toBe(3);
    for (let i = 1; i <= 5; i++) expect((await create(admin, { appName: `admin-${i}` })).code).toBe(0);
  });

  it('refuses decoder changes beyond the rate with 3102 naming decoder.content; other edits do not count', async () => {
    const { token } = await t.userWithToken('rate-user');
    const a = await create(token, { appName: 'rate-a', decoder: js(1) }); // change 1
    expect(a.code).toBe(0);
    const appID = a.data.appID;
    // Same script, or no decoder given (kept): not a change.
    expect((await update(token, { appID, appName: 'rate-a2', decoder: js(1) })).code).toBe(0);
    expect((await update(token, { appID, appName: 'rate-a3' })).code).toBe(0);
    expect((await update(token, { appID, appName: 'rate-a3', decoder: js(2) })).code).toBe(0); // 2
    // A script that does not compile was still compiled to be checked: it counts.
    const broken = { name: 'js', type: 'javascript', content: 'function decodeUplink( {' };
    expect(await update(token, { appID, appName: 'rate-a3', decoder: broken })).toMatchObject({
      code: 1007,
      field: 'decoder.content',
    }); // 3
    const refused = await update(token, { appID, appName: 'rate-a3', decoder: js(3) });
    expect(refused).toMatchObject({ status: 429, code: 3102, field: 'decoder.content' });
    expect(refused.msg).toMatch(/at most 3 per minute/);
    const refusedCreate = await create(token, { appName: 'rate-b', decoder: js(4) });
    expect(refusedCreate.code).toBe(3102);
    // Nothing was written by the refused calls.
    const info = (await t.call(token, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    expect(info.decoder.content).toBe(script(2));
    expect(info.appName).toBe('rate-a3');
    expect(await count(token)).toBe(1);
    // Cayenne compiles nothing: not counted. Other users and admins are not affected.
    expect((await update(token, { appID, appName: 'rate-a3', decoder: { type: 'cayenne' } })).code).toBe(0);
    const { token: other } = await t.userWithToken('rate-other');
    expect((await create(other, { appName: 'rate-o', decoder: js(5) })).code).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await create(admin, { appName: `rate-admin-${i}`, decoder: js(i) })).code).toBe(0);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost:3000/',
    'https://api.localhost/x',
    'http://10.1.2.3/',
    'http://172.20.0.5/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
  ])('refuses the push URL %s on save with 3103 naming it', async (url) => {
    const r = await create(admin, { appName: 'private-push', pushUrls: ['https://push.example.com/ok', url] });
    expect(r).toMatchObject({ status: 400, code: 3103, field: 'pushUrls.1' });
  });

  it('refuses private push URLs on update and for gateways too; public ones are kept', async () => {
    const r = await create(admin, { appName: 'public-push', pushUrls: ['https://push.example.com/ok'] });
    expect(r.code).toBe(0);
    const appID = r.data.appID;
    const u = await update(admin, { appID, appName: 'public-push', pushUrls: ['http://127.0.0.1:9/'] });
    expect(u).toMatchObject({ code: 3103, field: 'pushUrls.0' });
    const info = (await t.call(admin, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    expect(info.pushUrls).toEqual(['https://push.example.com/ok']);
    const gw = await t.call(admin, 'POST', '/api/gateway/create', {
      gwID: 'a840410000000f01',
      gwName: 'gw-private-push',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
      pushUrls: ['http://169.254.169.254/'],
    });
    expect(gw.body).toMatchObject({ code: 3103, field: 'pushUrls.0' });
  });

  it.each(['Host', 'transfer-encoding', 'Connection', 'X-Forwarded-For', 'Forwarded', 'Content-Length'])(
    'refuses the push header %s',
    async (name) => {
      const r = await create(admin, { appName: 'hdr', headers: { [name]: 'x', 'X-Fine': 'y' } });
      expect(r).toMatchObject({ code: 1007, field: `headers.${name}` });
    },
  );
});

describe('push URLs to private networks the operator allows', () => {
  it('accepts listed networks (PUSH_ALLOWED_NETWORKS) and refuses the others', async () => {
    const t = await createTestApp({ PUSH_ALLOWED_NETWORKS: '10.0.0.0/8, fd00::/8' });
    try {
      const admin = await t.login();
      const ok = await t.call(admin, 'POST', '/api/application/create', {
        appName: 'on-prem',
        pushUrls: ['http://10.20.30.40:8080/lns', 'http://[fd00::7]/'],
      });
      expect(ok.body.code).toBe(0);
      const refused = await t.call(admin, 'POST', '/api/application/create', {
        appName: 'on-prem-2',
        pushUrls: ['http://192.168.1.1/'],
      });
      expect(refused.body).toMatchObject({ code: 3103, field: 'pushUrls.0' });
    } finally {
      await t.close();
    }
  });

  it('accepts every address with PUSH_ALLOW_PRIVATE=true', async () => {
    const t = await createTestApp({ PUSH_ALLOW_PRIVATE: 'true' });
    try {
      const admin = await t.login();
      const ok = await t.call(admin, 'POST', '/api/application/create', {
        appName: 'lab',
        pushUrls: ['http://127.0.0.1:8080/', 'http://localhost/', 'http://192.168.1.1/'],
      });
      expect(ok.body.code).toBe(0);
    } finally {
      await t.close();
    }
  });
});
