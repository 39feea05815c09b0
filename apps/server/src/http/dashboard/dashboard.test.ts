import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedApp, seedDevice, seedGateway } from '../../../test/stream-fixtures';

describe('GET /api/index', () => {
  let t: TestApp;
  let alice: { token: string; userID: number };
  let bob: { token: string; userID: number };
  let aliceDev: string;
  let bobDev: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.userWithToken('alice');
    bob = await t.userWithToken('bob');
    const db = t.services.db;
    const a1 = await seedApp(db, alice.userID);
    await seedApp(db, alice.userID);
    aliceDev = await seedDevice(db, a1, alice.userID, 'EU868');
    await seedDevice(db, a1, alice.userID, 'EU868');
    await seedDevice(db, a1, alice.userID, 'US915');
    await seedGateway(db, alice.userID, { online: true, region: 'EU868' });
    await seedGateway(db, alice.userID, { online: false, region: 'CN470' });
    const b1 = await seedApp(db, bob.userID);
    bobDev = await seedDevice(db, b1, bob.userID, 'AS923');
    await seedGateway(db, bob.userID, { online: true, region: 'AS923' });
  });
  afterAll(() => t.close());

  it('needs a token', async () => {
    expect((await t.call(undefined, 'GET', '/api/index')).body.code).toBe(1003);
  });

  it('a common user counts its own things only', async () => {
    const { status, body } = await t.call(alice.token, 'GET', '/api/index');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const d = body.data;
    expect(d.applications).toBe(2);
    expect(d.devices).toBe(3);
    expect(d.gateways).toEqual({ total: 2, online: 1, offline: 1 });
    expect(d.multicastGroups).toBe(0);
    expect(d.devicesByRegion).toEqual([
      { region: 'EU868', count: 2 },
      { region: 'US915', count: 1 },
    ]);
    expect(d.gatewaysByRegion).toEqual([
      { region: 'CN470', count: 1 },
      { region: 'EU868', count: 1 },
    ]);

    const other = (await t.call(bob.token, 'GET', '/api/index')).body.data;
    expect(other.applications).toBe(1);
    expect(other.devices).toBe(1);
    expect(other.gateways).toEqual({ total: 1, online: 1, offline: 0 });
  });

  it('an admin counts everything', async () => {
    const d = (await t.call(await t.login(), 'GET', '/api/index')).body.data;
    expect(d.applications).toBe(3);
    expect(d.devices).toBe(4);
    expect(d.gateways.total).toBe(3);
  });

  it('traffic covers the last 24 hours, oldest first, ending with the current hour', async () => {
    const d = (await t.call(alice.token, 'GET', '/api/index')).body.data;
    const { hours, uplinks, downlinks } = d.traffic;
    expect(hours).toHaveLength(24);
    expect(uplinks).toHaveLength(24);
    expect(downlinks).toHaveLength(24);
    expect(hours[23]).toBe(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    expect(hours[1] - hours[0]).toBe(3_600_000);
  });

  it('counts uplink and downlink frames per hour, own devices only, nothing older than 24 h', async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const frame = (dev: string, at: number, uplink: boolean) =>
      t.services.db.execute(sql`
        INSERT INTO device_frames (msg_id, dev_eui, created_at, msg_type, uplink, phy)
        VALUES (${`m${Math.random()}`}, ${dev}, ${at}, ${uplink ? 2 : 3}, ${uplink}, '00')`);
    // Written in time order, as frames are stored.
    await frame(aliceDev, hour - 3_600_000 * 30, true); // too old
    await frame(aliceDev, hour - 3_600_000 * 5 + 10, true);
    await frame(aliceDev, hour + 1, true);
    await frame(aliceDev, hour + 2, true);
    await frame(aliceDev, hour + 3, false);
    await frame(bobDev, hour + 4, true);
    const d = (await t.call(alice.token, 'GET', '/api/index')).body.data.traffic;
    expect(d.uplinks[23]).toBe(2);
    expect(d.downlinks[23]).toBe(1);
    expect(d.uplinks[18]).toBe(1);
    expect(d.uplinks.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    const all = (await t.call(await t.login(), 'GET', '/api/index')).body.data.traffic;
    expect(all.uplinks[23]).toBe(3);
  });
});
