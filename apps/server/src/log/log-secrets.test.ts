/**
 * A failing insert must not put the keys and passwords it carried into the log: the log is read
 * by more people than the database. The inserts are made to fail by a CHECK constraint added for
 * the test, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otaaDevice } from '../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/** Every generated secret (MQTT passwords among them), so the test knows what must not be logged. */
const generated = vi.hoisted(() => [] as string[]);
vi.mock('../auth/tokens', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/tokens')>();
  return {
    ...real,
    newSecret: (bytes?: number) => {
      const s = real.newSecret(bytes);
      generated.push(s);
      return s;
    },
  };
});

const APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';

describe('secrets in the log', () => {
  let t: TestApp;
  let admin: string;
  let appID: number;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
    admin = await t.login();
    appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'log-app' })).body.data.appID;
    await t.services.database.exec(
      `ALTER TABLE devices ADD CONSTRAINT log_test_refuse_device CHECK (remarks <> 'refuse-me');
       ALTER TABLE users ADD CONSTRAINT log_test_refuse_user CHECK (name <> 'refuse-me');`,
    );
  });
  afterAll(() => t.close());

  it('logs a failed device insert by code and constraint, without the AppKey', async () => {
    const res = await t.call(admin, 'POST', '/api/device/create', {
      appID,
      ...otaaDevice(7, { appKey: APP_KEY, remarks: 'refuse-me' }),
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 1001 });
    const line = lines.find((l) => l.includes(res.body.requestId!) && l.includes('unexpected error'));
    expect(line).toBeDefined();
    expect(line).toContain('log_test_refuse_device');
    expect(line).toContain('23514');
    expect(logged()).not.toContain(APP_KEY);
    expect(logged()).not.toMatch(/params/);
  });

  it('logs a failed user insert without its MQTT password or API token', async () => {
    const before = generated.length;
    const res = await t.call(admin, 'POST', '/api/user/create', { name: 'refuse-me', password: 'pw-123456', admin: 0 });
    expect(res.status).toBe(500);
    const secrets = generated.slice(before);
    // The MQTT user name and password of the refused user were generated and sent with the insert.
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.includes('log_test_refuse_user'))).toBe(true);
    for (const s of secrets) expect(logged()).not.toContain(s);
    expect(logged()).not.toContain('lns_');
    expect(logged()).not.toContain('pw-123456');
  });

  it('never logs the sign-in token a request carries', async () => {
    await t.call(admin, 'GET', '/api/user/info');
    await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${admin}` } });
    t.app.log.info({ headers: { 'x-access-token': admin, authorization: admin, cookie: admin } }, 'headers');
    // Each request is logged (at debug) and its token is not part of the line.
    expect(lines.filter((l) => l.includes('"msg":"request"') && l.includes('/api/user/info'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('[redacted]'))).toBe(true);
    expect(logged()).not.toContain(admin);
  });
});
