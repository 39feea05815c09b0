import { Readable } from 'node:stream';
import { C } from '@lns/contract/codes';
import { BODY_LIMITS } from '@lns/contract/request-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness';

/** A JSON object of about `bytes` bytes: a login with a padded field. */
const padded = (bytes: number) => JSON.stringify({ name: 'admin', password: ADMIN_PASSWORD, pad: 'x'.repeat(bytes) });

describe('request body limits', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | Readable, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  const expectTooLarge = (res: { statusCode: number; json(): any }, limit: number) => {
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: C.BODY_TOO_LARGE, field: 'body' });
    expect(res.json().msg).toContain(`at most ${limit} bytes`);
  };

  it('refuses a 1 MB sign-in body with the coded envelope, declared or streamed, and still signs in', async () => {
    expectTooLarge(await post('/api/login', padded(1024 * 1024)), BODY_LIMITS.anonymous);
    // Without a Content-Length the body is cut off while it streams in.
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(16 * 1024, 0x20));
    expectTooLarge(await post('/api/login', Readable.from(chunks)), BODY_LIMITS.anonymous);
    const ok = await post('/api/login', JSON.stringify({ name: 'admin', password: ADMIN_PASSWORD }));
    expect(ok.json()).toMatchObject({ code: 0 });
  });

  it('gives unknown paths the anonymous limit', async () => {
    expectTooLarge(await post('/api/no-such-path', padded(64 * 1024)), BODY_LIMITS.anonymous);
    expect((await post('/api/no-such-path', '{}')).json()).toMatchObject({ code: C.NO_ROUTE });
  });

  it('takes a captcha check with a full drag track', async () => {
    const track = Array.from({ length: 2000 }, (_, i) => [300, 1080, 60_000 + i]);
    const res = await post('/api/captcha/check', JSON.stringify({ id: 'x'.repeat(64), x: 310, track }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: C.PARAM_FORMAT, field: 'x' });
    expectTooLarge(await post('/api/captcha/check', padded(BODY_LIMITS.captchaCheck)), BODY_LIMITS.captchaCheck);
  });

  it('holds signed-in JSON to the default limit and lets the bulk device routes carry more', async () => {
    const auth = { 'x-access-token': token };
    expectTooLarge(await post('/api/gateway/create', padded(BODY_LIMITS.json), auth), BODY_LIMITS.json);
    // 20,000 dashed devEUIs are over the default limit but within the selection limit.
    const devEUIs = Array.from({ length: 20_000 }, (_, i) => i.toString(16).padStart(16, '0').match(/../g)!.join('-'));
    const del = await post('/api/device/delete', JSON.stringify({ devEUIs }), auth);
    expect(JSON.stringify({ devEUIs }).length).toBeGreaterThan(BODY_LIMITS.json);
    expect(del.json().code).toBe(C.DEVICE_BATCH_DELETE);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      devEUI: i.toString(16).padStart(16, '0'),
      pad: 'x'.repeat(300),
    }));
    const batch = await post(
      '/api/device/batch-create',
      JSON.stringify({ appID: 999, authType: 'otaa', devices: rows }),
      auth,
    );
    expect(batch.json().code).toBe(C.APP_MISSING);
  });

  it('refuses a declared upload over the file limit before reading it', async () => {
    const res = await post('/api/gateway/excel', Readable.from([Buffer.alloc(16)]), {
      'x-access-token': token,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(BODY_LIMITS.upload + 1),
    });
    expectTooLarge(res, BODY_LIMITS.upload);
  });
});
