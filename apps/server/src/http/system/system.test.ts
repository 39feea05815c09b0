import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAP_TYPE: 'gaode', GAODE_MAP_KEY: 'k1' });
  });
  afterAll(() => t.close());

  it('GET /api/version answers version, git_version, build_time without a token', async () => {
    const { body } = await t.call(undefined, 'GET', '/api/version');
    expect(body.data).toMatchObject({
      version: expect.any(String),
      git_version: expect.any(String),
      build_time: expect.any(String),
    });
  });

  it('GET /api/webConfig reflects configuration', async () => {
    const { body } = await t.call(undefined, 'GET', '/api/webConfig');
    expect(body.data).toMatchObject({ mapType: 'gaode', gaodeMapKey: 'k1', hideLogo: false, mapEnabled: true });
  });

  it('serves the OpenAPI description at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user/list', '/api/version']));
  });

  it('exposes Prometheus metrics and a health check', async () => {
    await t.call(undefined, 'GET', '/api/version');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_requests_total');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
