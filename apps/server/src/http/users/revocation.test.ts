import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type AuthRevoked, localTopics } from '../../bus/bus';
import { MqttAcl } from '../../integrations/mqtt/acl';

const PASSWORD = 'pw-123456';

describe('credentials are revoked with the user', () => {
  let t: TestApp;
  let admin: string;
  let acl: MqttAcl;
  let events: AuthRevoked[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    acl = new MqttAcl(t.services.db);
    t.services.local.subscribe(localTopics.authRevoked, (e) => events.push(e));
  });
  beforeEach(() => {
    events = [];
  });
  afterAll(() => t.close());

  /** A user with a session, its API token and MQTT credentials as they are now. */
  async function member(name: string, role: 0 | 1 = 0) {
    const { token, userID } = await t.userWithToken(name, role);
    const d = (await t.call(admin, 'GET', '/api/user/status', { userID: String(userID) })).body.data;
    return { token, userID, apiToken: d.apiToken as string, mq: { user: d.mqUsername as string, pw: d.mqPassword } };
  }
  const works = async (token: string) => (await t.call(token, 'GET', '/api/user/info')).body.code === 0;
  const mqttWorks = async (mq: { user: string; pw: string }) =>
    (await acl.authenticate(mq.user, Buffer.from(mq.pw))) !== null;

  async function expectAllDead(m: Awaited<ReturnType<typeof member>>) {
    expect(await works(m.token)).toBe(false);
    expect(await works(m.apiToken)).toBe(false);
    expect(await mqttWorks(m.mq)).toBe(false);
  }

  it('the credentials work to begin with', async () => {
    const m = await member('baseline');
    expect(await works(m.token)).toBe(true);
    expect(await works(m.apiToken)).toBe(true);
    expect(await mqttWorks(m.mq)).toBe(true);
  });

  it('an own password change ends every session, API token and MQTT password, and answers a fresh session', async () => {
    const m = await member('changer');
    const other = await t.login('changer', PASSWORD);
    const res = await t.call(m.token, 'POST', '/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-pass-7',
    });
    expect(res.body.code).toBe(0);
    await expectAllDead(m);
    expect(await works(other)).toBe(false);
    expect(await works(res.body.data.token)).toBe(true);
    expect(await t.login('changer', 'changed-pass-7')).toBeTruthy();
    expect(events).toEqual([{ userId: m.userID, reason: 'password-changed' }]);
  });

  it('a wrong current password changes nothing', async () => {
    const m = await member('keeper');
    const res = await t.call(m.token, 'POST', '/api/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'changed-pass-7',
    });
    expect(res.body).toMatchObject({ code: C.CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
    expect(await works(m.token)).toBe(true);
    expect(await works(m.apiToken)).toBe(true);
    expect(await mqttWorks(m.mq)).toBe(true);
    expect(events).toEqual([]);
  });

  it('a reset by an admin revokes them all', async () => {
    const m = await member('reset-me');
    const res = await t.call(admin, 'POST', '/api/user/update', {
      userID: m.userID,
      name: 'reset-me',
      password: 'fresh-pass-8',
      admin: 0,
    });
    expect(res.body.code).toBe(0);
    await expectAllDead(m);
    expect(events).toEqual([{ userId: m.userID, reason: 'password-reset' }]);
  });

  it('a rename without a new password revokes nothing', async () => {
    const m = await member('rename-me');
    await t.call(admin, 'POST', '/api/user/update', { userID: m.userID, name: 'renamed', admin: 0 });
    expect(await works(m.token)).toBe(true);
    expect(await works(m.apiToken)).toBe(true);
    expect(await mqttWorks(m.mq)).toBe(true);
    expect(events).toEqual([]);
  });

  it('demoting an admin revokes them all', async () => {
    const m = await member('former-admin', 1);
    const res = await t.call(admin, 'POST', '/api/user/update', { userID: m.userID, name: 'former-admin', admin: 0 });
    expect(res.body.code).toBe(0);
    await expectAllDead(m);
    expect(events).toEqual([{ userId: m.userID, reason: 'admin-demoted' }]);
  });

  it('deleting the user revokes them all', async () => {
    const m = await member('leaver');
    expect((await t.call(admin, 'POST', '/api/user/delete', { userID: m.userID })).body.code).toBe(0);
    await expectAllDead(m);
    expect(events).toEqual([{ userId: m.userID, reason: 'user-deleted' }]);
  });

  it('logout announces the one session it ended', async () => {
    const m = await member('logger');
    await t.call(m.token, 'POST', '/api/logout');
    expect(events).toEqual([{ userId: m.userID, token: m.token, reason: 'logout' }]);
    expect(await works(m.apiToken)).toBe(true);
  });

  it('a user rotates its own MQTT password; the old one stops working', async () => {
    const m = await member('rotator');
    const res = await t.call(m.token, 'POST', '/api/user/mqtt/regenerate', { userID: m.userID });
    expect(res.body.code).toBe(0);
    expect(res.body.data.mqPassword).not.toBe(m.mq.pw);
    expect(await mqttWorks(m.mq)).toBe(false);
    expect(await mqttWorks({ user: m.mq.user, pw: res.body.data.mqPassword })).toBe(true);
    expect(await works(m.token)).toBe(true);
    expect(events).toEqual([{ userId: m.userID, reason: 'mqtt-password-rotated' }]);
  });

  it("a common user cannot rotate another user's credentials", async () => {
    const m = await member('nosy');
    const victim = await member('rotated-victim');
    for (const url of ['/api/user/mqtt/regenerate', '/api/user/token/regenerate']) {
      expect((await t.call(m.token, 'POST', url, { userID: victim.userID })).body.code).toBe(1010);
    }
    expect(await mqttWorks(victim.mq)).toBe(true);
    expect(await works(victim.apiToken)).toBe(true);
    expect((await t.call(admin, 'POST', '/api/user/mqtt/regenerate', { userID: 99999 })).body).toMatchObject({
      code: 2002,
      field: 'userID',
    });
  });

  it("an application's owner rotates its MQTT password; others cannot", async () => {
    const m = await member('app-owner');
    const created = await t.call(m.token, 'POST', '/api/application/create', {
      appName: 'rotating-app',
      enableMQTT: 1,
    });
    const appID = created.body.data?.appID;
    expect(appID).toBeGreaterThan(0);
    const info = (await t.call(m.token, 'GET', '/api/application/info', { appID: String(appID) })).body.data;
    const stranger = await member('app-stranger');
    expect((await t.call(stranger.token, 'POST', '/api/application/mqtt/regenerate', { appID })).body.code).toBe(3001);
    events = [];
    const res = await t.call(m.token, 'POST', '/api/application/mqtt/regenerate', { appID });
    expect(res.body.code).toBe(0);
    expect(res.body.data.mqPassword).not.toBe(info.mqPassword);
    expect(await mqttWorks({ user: info.mqName, pw: info.mqPassword })).toBe(false);
    expect(await mqttWorks({ user: info.mqName, pw: res.body.data.mqPassword })).toBe(true);
    expect(events).toEqual([{ userId: m.userID, reason: 'app-mqtt-password-rotated', appID }]);
  });
});
