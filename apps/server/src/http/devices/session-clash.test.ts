/**
 * A DevAddr + NwkSKey pair already used by another tenant's device is refused with 4004, and the
 * refusal does not tell who holds it: only admins and the holder's owner see its DevEUI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('DevAddr + NwkSKey clashes across tenants', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceApp: number;
  let bobApp: number;
  let adminApp: number;
  /** Alice's ABP device: its session is the one the others collide with. */
  const held = abpDevice(1);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = (await t.userWithToken('clash-alice')).token;
    bob = (await t.userWithToken('clash-bob')).token;
    const mk = async (token: string, appName: string) =>
      (await t.call(token, 'POST', '/api/application/create', { appName })).body.data.appID as number;
    aliceApp = await mk(alice, 'alice');
    bobApp = await mk(bob, 'bob');
    adminApp = await mk(admin, 'admin');
    expect((await t.call(alice, 'POST', '/api/device/create', { appID: aliceApp, ...held })).body.code).toBe(0);
  });
  afterAll(() => t.close());

  const clashing = (n: number) => abpDevice(n, { devAddr: held.devAddr, nwkSKey: held.nwkSKey });

  it('create: another tenant gets 4004 without the holder; the owner and admins see it', async () => {
    const foreign = await t.call(bob, 'POST', '/api/device/create', { appID: bobApp, ...clashing(2) });
    expect(foreign).toMatchObject({ status: 409, body: { code: 4004, field: 'devAddr' } });
    expect(JSON.stringify(foreign.body)).not.toContain(held.devEUI);

    const own = await t.call(alice, 'POST', '/api/device/create', { appID: aliceApp, ...clashing(3) });
    expect(own.body).toMatchObject({ code: 4004, field: 'devAddr' });
    expect(own.body.msg).toContain(held.devEUI);

    const byAdmin = await t.call(admin, 'POST', '/api/device/create', { appID: adminApp, ...clashing(4) });
    expect(byAdmin.body).toMatchObject({ code: 4004, field: 'devAddr' });
    expect(byAdmin.body.msg).toContain(held.devEUI);
  });

  it('batch create: the refused row does not name another tenant’s device', async () => {
    const body = { appID: bobApp, authType: 'abp', devices: [clashing(5)] };
    const foreign = await t.call(bob, 'POST', '/api/device/batch-create', body);
    expect(foreign.body).toMatchObject({ code: 4004, field: 'devices' });
    expect(foreign.body.data.rows[0].errors).toEqual([{ code: 4004, field: 'devAddr', problem: 'byCode' }]);
    expect(JSON.stringify(foreign.body)).not.toContain(held.devEUI);

    const byAdmin = await t.call(admin, 'POST', '/api/device/batch-create', { ...body, appID: adminApp });
    expect(byAdmin.body.data.rows[0].errors[0].params).toEqual({ holder: held.devEUI });
  });

  it('update: moving onto another tenant’s session is refused without naming it', async () => {
    const own = abpDevice(6);
    expect((await t.call(bob, 'POST', '/api/device/create', { appID: bobApp, ...own })).body.code).toBe(0);
    const res = await t.call(bob, 'POST', '/api/device/update', { ...clashing(6) });
    expect(res.body).toMatchObject({ code: 4004, field: 'devAddr' });
    expect(JSON.stringify(res.body)).not.toContain(held.devEUI);
  });
});
