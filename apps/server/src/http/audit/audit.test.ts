import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { AuditRetentionJob } from '../../audit/retention';
import { ConfigError, loadConfig } from '../../config';
import { auditLog } from '../../db/schema/audit';

const DAY = 86_400_000;

describe('audit log API', () => {
  let t: TestApp;
  let admin: string;
  let user: { token: string; userID: number };
  beforeAll(async () => {
    t = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
    admin = await t.login();
    user = await t.userWithToken('audit-common');
  });
  afterAll(() => t.close());

  const audit = async (query: Record<string, string>) => {
    const res = await t.call(admin, 'GET', '/api/audit/list', query);
    expect(res.body.code).toBe(0);
    return res.body as { amount: number; data: any[] };
  };

  it('records a device update with the changed fields before and after, AppKey hidden', async () => {
    const appID = (
      await t.call(admin, 'POST', '/api/application/create', { appName: 'audit-app', productType: 'lorawan' })
    ).body.data.appID;
    const d = otaaDevice(9001);
    expect((await t.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    const newKey = 'ab'.repeat(16);
    const upd = await t.call(admin, 'POST', '/api/device/update', { ...d, devName: 'renamed', appKey: newKey });
    expect(upd.body.code).toBe(0);

    const { data, amount } = await audit({ entityType: 'device', entityID: d.devEUI, action: 'device.update' });
    expect(amount).toBe(1);
    const e = data[0];
    expect(e).toMatchObject({
      userName: 'admin',
      method: 'POST',
      route: '/api/device/update',
      action: 'device.update',
      entityType: 'device',
      entityID: d.devEUI,
      code: 0,
      success: true,
    });
    expect(e.userID).toBeTypeOf('number');
    expect(e.clientIP).toBe('127.0.0.1');
    expect(e.before).toMatchObject({ name: d.devName, appKey: '***' });
    expect(e.after).toMatchObject({ name: 'renamed', appKey: '***' });
    // Only what changed is kept.
    expect(e.before).not.toHaveProperty('region');
    expect(e.request).toMatchObject({ devName: 'renamed', appKey: '***' });
    const text = JSON.stringify(e);
    expect(text).not.toContain(newKey);
    expect(text).not.toContain(d.appKey);

    // The create is recorded too, with the body's key hidden.
    const created = await audit({ entityID: d.devEUI, action: 'device.create' });
    expect(created.amount).toBe(1);
    expect(created.data[0].request.appKey).toBe('***');
  });

  it('records a gateway update with the changed fields before and after', async () => {
    const gw = {
      gwID: 'aa555a00000a0d17',
      gwName: 'audit-gw',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    };
    expect((await t.call(admin, 'POST', '/api/gateway/create', gw)).body.code).toBe(0);
    expect((await t.call(admin, 'POST', '/api/gateway/update', { ...gw, gwName: 'audit-gw-roof' })).body.code).toBe(0);
    const { data, amount } = await audit({ entityType: 'gateway', entityID: gw.gwID, action: 'gateway.update' });
    expect(amount).toBe(1);
    expect(data[0].before).toEqual({ name: 'audit-gw' });
    expect(data[0].after).toEqual({ name: 'audit-gw-roof' });
  });

  it('records a failed sign-in with the name tried and the client address, a good one with the user', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { name: 'mallory', password: 'guess-1234' },
      remoteAddress: '10.1.2.3',
    });
    expect(bad.json().code).toBe(2004);
    const failed = await audit({ userName: 'mallory', action: 'login' });
    expect(failed.amount).toBe(1);
    expect(failed.data[0]).toMatchObject({
      userID: null,
      userName: 'mallory',
      clientIP: '10.1.2.3',
      action: 'login',
      entityType: 'session',
      code: 2004,
      success: false,
    });
    expect(failed.data[0].request).toEqual({ name: 'mallory', password: '***' });

    const good = await audit({ userName: 'audit-common', action: 'login', outcome: 'success' });
    expect(good.amount).toBeGreaterThanOrEqual(1);
    expect(good.data[0]).toMatchObject({ userID: user.userID, entityID: String(user.userID), success: true });
  });

  it('refuses the list to a common user (1010) and records its refused admin call', async () => {
    const res = await t.call(user.token, 'GET', '/api/audit/list', {});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(1010);
    const tried = await t.call(user.token, 'POST', '/api/user/create', {
      name: 'sneaky',
      password: 'pw-123456',
      admin: 1,
    });
    expect(tried.body.code).toBe(1010);
    const { data } = await audit({ userID: String(user.userID), action: 'user.create' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ userName: 'audit-common', code: 1010, success: false });
    // A create that failed names no entity (not the caller).
    expect(data[0].entityID).toBe('');
    // Refused before its body was read.
    expect(data[0].request).toBeNull();
  });

  it('does not record reads or calls without a valid token', async () => {
    const before = (await audit({})).amount;
    await t.call(undefined, 'POST', '/api/device/update', { devEUI: '0000000000000001' });
    await t.call('not-a-token', 'POST', '/api/device/delete', { devEUIs: ['0000000000000001'] });
    await t.call(admin, 'GET', '/api/user/list', {});
    expect((await audit({})).amount).toBe(before);
  });

  it('records validation failures with their code and the field-named request', async () => {
    const res = await t.call(admin, 'POST', '/api/user/update', { userID: 'x' });
    expect(res.body.code).toBe(1007);
    const { data } = await audit({ action: 'user.update', outcome: 'failure' });
    expect(data[0]).toMatchObject({ code: 1007, success: false, request: { userID: 'x' } });
  });

  it('filters by user, action prefix, entity (also inside batch lists), outcome and time, and pages', async () => {
    const from = Date.now();
    const { userID: victim } = await t.userWithToken('audit-victim');
    const ops = await t.userWithToken('audit-ops', 1);
    expect(
      (await t.call(ops.token, 'POST', '/api/user/update', { userID: victim, name: 'audit-victim2', admin: 0 })).body
        .code,
    ).toBe(0);
    // Refused: no such user.
    expect((await t.call(ops.token, 'POST', '/api/user/delete', { userID: 999_999 })).body.code).toBe(2002);
    const apps: number[] = [];
    for (const n of ['a1', 'a2']) {
      const res = await t.call(ops.token, 'POST', '/api/application/create', { appName: n, productType: 'lorawan' });
      apps.push(res.body.data.appID);
    }
    expect((await t.call(ops.token, 'POST', '/api/application/delete', { appIDs: apps })).body.code).toBe(0);
    const to = Date.now();
    const range = { startTime: String(from), endTime: String(to) };

    // The name filter ignores case; the sign-in of audit-ops is its first entry.
    const mine = await audit({ userName: 'AUDIT-OPS', ...range });
    expect(mine.data.map((e) => e.action)).toEqual([
      'application.delete',
      'application.create',
      'application.create',
      'user.delete',
      'user.update',
      'login',
    ]);
    const byPrefix = await audit({ userID: String(ops.userID), action: 'application.' });
    expect(byPrefix.data.map((e) => e.action)).toEqual([
      'application.delete',
      'application.create',
      'application.create',
    ]);

    // Creates name the id the server handed out; the user update shows its change.
    expect(byPrefix.data[2].entityID).toBe(String(apps[0]));
    const upd = await audit({ entityType: 'user', entityID: String(victim), action: 'user.update' });
    expect(upd.amount).toBe(1);
    expect(upd.data[0].before).toEqual({ name: 'audit-victim' });
    expect(upd.data[0].after).toEqual({ name: 'audit-victim2' });

    // An id inside a batch's list is found.
    const second = await audit({ entityType: 'application', entityID: String(apps[1]) });
    expect(second.data.map((e) => e.action)).toEqual(['application.delete', 'application.create']);
    expect(second.data[0].entityID).toBe(`${apps[0]},${apps[1]}`);

    // Outcome.
    const failed = await audit({ userID: String(ops.userID), outcome: 'failure' });
    expect(failed.data.map((e) => [e.action, e.code])).toEqual([['user.delete', 2002]]);
    const ok = await audit({ userID: String(ops.userID), outcome: 'success', ...range });
    expect(ok.amount).toBe(5);

    // Paging: one per page, newest first, same total; asc reverses.
    const mineQ = { userID: String(ops.userID), ...range };
    const p1 = await audit({ ...mineQ, pageNo: '1', pageSize: '1' });
    const p2 = await audit({ ...mineQ, pageNo: '2', pageSize: '1' });
    expect(p1.amount).toBe(6);
    expect(p1.data.map((e) => e.id)).toEqual([mine.data[0].id]);
    expect(p2.data.map((e) => e.id)).toEqual([mine.data[1].id]);
    const asc = await audit({ ...mineQ, orderBy: 'createtime', orderType: 'asc' });
    expect(asc.data.map((e) => e.id)).toEqual(mine.data.map((e) => e.id).reverse());

    // A time range before any of it.
    expect((await audit({ userID: String(ops.userID), endTime: String(from - DAY) })).amount).toBe(0);
  });

  it('answers bad filters with 1007 naming the field', async () => {
    const bad = async (q: Record<string, string>, field: string) => {
      const res = await t.call(admin, 'GET', '/api/audit/list', q);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1007);
      expect(res.body.field).toBe(field);
    };
    await bad({ outcome: 'maybe' }, 'outcome');
    await bad({ startTime: '2000', endTime: '1000' }, 'endTime');
    await bad({ orderBy: 'userName' }, 'orderBy');
    await bad({ pageSize: '0' }, 'pageSize');
    await bad({ userID: 'me' }, 'userID');
  });

  it('prunes entries older than AUDIT_RETENTION_DAYS and keeps newer ones', async () => {
    const now = Date.now();
    const entry = (createdAt: number, entityId: string) => ({
      createdAt,
      userId: null,
      userName: 'retention',
      clientIp: '',
      method: 'POST',
      route: '/api/x',
      action: 'x',
      entityType: 'x',
      entityId,
      code: 0,
      success: true,
      before: null,
      after: null,
      request: null,
    });
    t.services.audit.add(entry(now - 31 * DAY, 'old'));
    t.services.audit.add(entry(now - 29 * DAY, 'recent'));
    await t.services.audit.flush();
    expect(t.config.AUDIT_RETENTION_DAYS).toBe(30);
    const job = new AuditRetentionJob(t.services.db, t.config.AUDIT_RETENTION_DAYS, t.app.log);
    expect(await job.run(now)).toBe(1);
    const left = await audit({ userName: 'retention' });
    expect(left.data.map((e) => e.entityID)).toEqual(['recent']);
  });

  it('AUDIT_RETENTION_DAYS defaults to 180 and refuses nonsense', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(180);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('audit log on shutdown', () => {
  it('writes the entries still queued when the app closes', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.login();
      // Timers frozen: the batch timer cannot write the entry, only the close can.
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      const res = await t.call(admin, 'POST', '/api/user/create', { name: 'late', password: 'pw-123456', admin: 0 });
      expect(res.body.code).toBe(0);
      const created = () => t.services.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
      expect(await created()).toHaveLength(0);
      await t.app.close();
      expect((await created()).map((r) => r.userName)).toEqual(['admin']);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
