import { API } from '@lns/contract/api/index';
import { C } from '@lns/contract/codes';
import { USAGE_RANGE_DAYS, utcDay } from '@lns/contract/usage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { usageDaily } from '../../db/schema/usage';

const DAY = 86_400_000;

describe('power meter', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let gw: TestGateway;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
    const { port } = await startDataPlane(t);
    admin = await t.login();
    user = (await t.userWithToken('meter-user')).token;
    gw = await connectGateway(t, user, port, 'a840410000000e01', 'gw-meter');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  const summary = async () => (await t.call(admin, 'GET', API.usage.summary.path)).body.data;
  const daily = async (days?: number) => (await t.call(admin, 'GET', API.usage.daily.path, days ? { days } : {})).body;

  it('counts accepted uplinks today at once, and in the day row once flushed; replays do not count', async () => {
    const app = await t.call(user, 'POST', API.application.create.path, { appName: 'meter-app' });
    const d = abpDevice(901);
    expect((await t.call(user, 'POST', API.device.create.path, { appID: app.body.data.appID, ...d })).body.code).toBe(
      0,
    );
    await t.services.usage.flush();
    const before = await summary();
    const frame = abpSession(d);
    gw.push([rxpkOf(frame({ fCnt: 1 }))]);
    gw.push([rxpkOf(frame({ fCnt: 2 }))]);
    await settle(t.services.dataPlane);
    gw.push([rxpkOf(frame({ fCnt: 2 }))]); // a replay
    await settle(t.services.dataPlane);

    const now = await summary();
    expect(now.uplinksToday - before.uplinksToday).toBe(2);
    expect(now.devices).toBe(1);
    expect(now.gateways).toBe(1);
    expect(now.gatewaysOnline).toBe(1);
    expect(now.applications).toBe(1);
    expect(now.storageBytes).toBeGreaterThan(0);

    await t.services.usage.flush();
    const body = await daily();
    expect(body.code).toBe(0);
    const rows = body.data as { day: string; uplinks: number; devices: number | null }[];
    expect(rows).toHaveLength(USAGE_RANGE_DAYS.default);
    const today = rows.at(-1)!;
    expect(today.day).toBe(utcDay(Date.now()));
    expect(today.uplinks).toBe(now.uplinksToday);
    expect(today.devices).toBe(1);
    // Flushing again adds nothing new: only growth is written.
    await t.services.usage.flush();
    expect((await summary()).uplinksToday).toBe(now.uplinksToday);
  });

  it('lists days oldest first with zeros where the server did not run, and drops rows past keeping', async () => {
    const now = Date.now();
    await t.services.usage.flush(now - 3 * DAY);
    await t.services.usage.flush(now - 500 * DAY);
    const rows = (await daily(7)).data as { day: string; uplinks: number; devices: number | null }[];
    expect(rows.map((r) => r.day)).toEqual(Array.from({ length: 7 }, (_, i) => utcDay(now - (6 - i) * DAY)));
    expect(rows[3]!.devices).toBe(1);
    expect(rows[2]).toMatchObject({ uplinks: 0, devices: null, gateways: null, storageBytes: null });
    // The prune runs on the first flush of a new day: today's flush removes the 500-day-old row.
    await t.services.usage.flush(now + DAY);
    const kept = (await t.services.db.select({ day: usageDaily.day }).from(usageDaily)).map((r) => r.day);
    expect(kept).toContain(utcDay(now - 3 * DAY));
    expect(kept).not.toContain(utcDay(now - 500 * DAY));
  });

  it('is for admins only and refuses a bad range with the field named', async () => {
    expect((await t.call(user, 'GET', API.usage.summary.path)).body.code).not.toBe(0);
    expect((await t.call(user, 'GET', API.usage.daily.path)).body.code).not.toBe(0);
    for (const days of ['0', '367', 'x', '1.5']) {
      const res = await t.call(admin, 'GET', API.usage.daily.path, { days });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe(C.PARAM_FORMAT);
      expect(JSON.stringify(res.body)).toContain('days');
    }
  });
});
