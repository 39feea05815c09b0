import { deviceApi } from '@lns/contract/api/devices';
import { systemApi } from '@lns/contract/api/system';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    // The console loads the map providers' scripts and tiles; nothing else from elsewhere.
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://maps.googleapis.com https://webapi.amap.com https://*.amap.com");
    expect(csp).toContain("connect-src 'self' ws: wss: https:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Off: the map providers' tiles carry no CORP header.
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  };

  it('are on answers, refusals and unknown paths alike, the same on every request', async () => {
    const ok = await t.app.inject({ method: 'GET', url: systemApi.version.path });
    expect(ok.json().code).toBe(0);
    expectHeaders(ok.headers);
    const refused = await t.app.inject({ method: 'GET', url: deviceApi.list.path });
    expect(refused.json().code).toBe(C.TOKEN_MISSING);
    expectHeaders(refused.headers);
    expectHeaders((await t.app.inject({ method: 'GET', url: '/no/such/page' })).headers);
    const again = await t.app.inject({ method: 'GET', url: systemApi.version.path });
    expect(again.headers['content-security-policy']).toBe(ok.headers['content-security-policy']);
  });
});
