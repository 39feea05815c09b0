import { API } from '@lns/contract/api/index';
import { PLATFORM_CONFIG_DEFAULTS, PLATFORM_SWITCHES } from '@lns/contract/platform';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedApp, seedDevice, seedGateway } from '../../../test/stream-fixtures';
import { auditLog } from '../../db/schema/audit';
import { settings } from '../../db/schema/core';

const api = API.platform;

/** The platform configuration and account view through the API, every refusal with its code and field. */
describe('platform API', () => {
  let t: TestApp;
  let admin: string;
  let common: { token: string; userID: number };
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, method, url, data)).body;
  const config = async () => (await call('GET', api.config.path)).data;

  beforeAll(async () => {
    t = await createTestApp({ NET_ID: '00001A' });
    admin = await t.login();
    common = await t.userWithToken('plain-user');
  });
  afterAll(() => t?.close());

  it('answers the defaults when nothing was ever saved, and never 1015', async () => {
    expect(await call('GET', api.config.path)).toEqual({ code: 0, data: PLATFORM_CONFIG_DEFAULTS });
    expect(PLATFORM_CONFIG_DEFAULTS).toEqual({
      enableGwData: true,
      enableDevAppData: true,
      enableDevMacData: true,
      enableDevDlData: true,
      enableWebsocket: true,
      dataExpireDay: 7,
    });
  });

  it('stores and returns each switch, and the data plane sees it at once', async () => {
    for (const name of PLATFORM_SWITCHES) {
      const body = { ...PLATFORM_CONFIG_DEFAULTS, [name]: false };
      expect(await call('POST', api.updateConfig.path, body)).toEqual({ code: 0 });
      expect(await config()).toEqual(body);
      expect(t.services.dataPlane.settings.get()).toEqual(body);
    }
    const all = { ...PLATFORM_CONFIG_DEFAULTS, dataExpireDay: 30 };
    expect((await call('POST', api.updateConfig.path, all)).code).toBe(0);
    expect(await config()).toEqual(all);
    expect((await call('POST', api.updateConfig.path, { ...all, dataExpireDay: 1 })).code).toBe(0);
    expect((await config()).dataExpireDay).toBe(1);
  });

  it('refuses bad input with a coded error naming the field, storing nothing', async () => {
    const good = { ...PLATFORM_CONFIG_DEFAULTS, dataExpireDay: 12 };
    expect((await call('POST', api.updateConfig.path, good)).code).toBe(0);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, dataExpireDay: 0 }, 1007, 'dataExpireDay'],
      [{ ...good, dataExpireDay: 31 }, 1007, 'dataExpireDay'],
      [{ ...good, dataExpireDay: 7.5 }, 1007, 'dataExpireDay'],
      [{ ...good, dataExpireDay: '7' }, 1007, 'dataExpireDay'],
      [{ ...good, dataExpireDay: 2 ** 31 }, 1007, 'dataExpireDay'],
      [{ ...good, dataExpireDay: undefined }, 1006, 'dataExpireDay'],
      [{ ...good, enableWebsocket: 'yes' }, 1007, 'enableWebsocket'],
      [{ ...good, enableGwData: 1 }, 1007, 'enableGwData'],
      [{ ...good, enableDevDlData: null }, 1006, 'enableDevDlData'],
      [{ ...good, enableDevAppData: undefined }, 1006, 'enableDevAppData'],
      [{ ...good, enableDevMacData: '\u0000' }, 1007, 'enableDevMacData'],
    ];
    for (const [body, code, field] of cases) {
      // Keep the rest valid and only this field wrong, with the other switches flipped to prove nothing is written.
      const flipped = { ...body, enableGwData: field === 'enableGwData' ? body.enableGwData : false };
      expect(await call('POST', api.updateConfig.path, flipped), JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await config()).toEqual(good);
    const rows = await t.services.db.select().from(settings).where(eq(settings.key, 'enableGwData'));
    expect(rows.map((r) => r.value)).toEqual([true]);
  });

  it('reads what it cannot parse as the default, as the data plane applies it', async () => {
    await t.services.db.update(settings).set({ value: 'garbage' }).where(eq(settings.key, 'enableWebsocket'));
    await t.services.db.update(settings).set({ value: 90 }).where(eq(settings.key, 'dataExpireDay'));
    expect(await config()).toMatchObject({ enableWebsocket: true, dataExpireDay: 30 });
    await t.services.db.delete(settings);
    expect(await config()).toEqual(PLATFORM_CONFIG_DEFAULTS);
  });

  it('writes each change to the audit log with before and after', async () => {
    expect(
      (await call('POST', api.updateConfig.path, { ...PLATFORM_CONFIG_DEFAULTS, enableDevMacData: false })).code,
    ).toBe(0);
    await t.services.audit.flush();
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'platform.config.update'), eq(auditLog.success, true)))
      .orderBy(auditLog.id);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ userName: 'admin', entityType: 'platform', entityId: 'config', code: 0 });
    expect(last.after).toMatchObject({ enableDevMacData: false });
    expect(last.before).toMatchObject({ enableDevMacData: true });
  });

  it('shows the signed-in admin, platform-wide counts and the NetID', async () => {
    const before = (await call('GET', api.account.path)).data;
    expect(before).toMatchObject({ username: 'admin', nwID: '00001a' });
    // Rows of a common user count too: the view is platform-wide.
    const appID = await seedApp(t.services.db, common.userID);
    await seedDevice(t.services.db, appID, common.userID);
    await seedDevice(t.services.db, appID, common.userID);
    await seedGateway(t.services.db, common.userID);
    const after = (await call('GET', api.account.path)).data;
    expect(after).toEqual({
      username: 'admin',
      deviceCount: before.deviceCount + 2,
      gatewayCount: before.gatewayCount + 1,
      nwID: '00001a',
    });
    const other = await t.userWithToken('second-admin', 1);
    expect((await call('GET', api.account.path, undefined, other.token)).data.username).toBe('second-admin');
  });

  it('refuses common users on every endpoint (1010)', async () => {
    expect((await call('GET', api.config.path, undefined, common.token)).code).toBe(1010);
    expect((await call('GET', api.account.path, undefined, common.token)).code).toBe(1010);
    const res = await call(
      'POST',
      api.updateConfig.path,
      { ...PLATFORM_CONFIG_DEFAULTS, enableGwData: false },
      common.token,
    );
    expect(res.code).toBe(1010);
    expect((await config()).enableGwData).toBe(true);
    expect((await t.call(undefined, 'GET', api.config.path)).body.code).toBe(1003);
  });
});
