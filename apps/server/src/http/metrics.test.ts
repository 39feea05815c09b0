import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const TOKEN = 'metrics-token-0123456789';

describe('/metrics access', () => {
  let open: TestApp;
  let locked: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    locked = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await locked.close();
  });

  const get = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('without METRICS_TOKEN answers clients on this host only, not relayed requests', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(open, local);
      expect(res.statusCode, local).toBe(200);
      expect(res.body).toMatch(/http_requests_total/);
    }
    const remote = await get(open, '203.0.113.9');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 1010 });
    expect(remote.body).not.toMatch(/http_requests_total/);
    // A reverse proxy on this host relays remote clients: refused too.
    expect((await get(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN wants the bearer token from every client', async () => {
    const missing = await get(locked, '127.0.0.1');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 1003 });
    const wrong = await get(locked, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 1004 });
    expect((await get(locked, '127.0.0.1', { authorization: TOKEN })).statusCode).toBe(401);
    const ok = await get(locked, '203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatch(/http_requests_total/);
  });
});
