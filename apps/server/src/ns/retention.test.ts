import { API } from '@lns/contract/api/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { settings } from '../db/schema/core';
import type { DataPlane } from './dataplane';
import { parseDataSettings } from './settings';

const DAY = 86_400_000;

describe('platform switches and retention', () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let gw: TestGateway;
  let appID: number;
  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '20' });
    const started = await startDataPlane(t);
    dp = started.dp;
    token = (await t.userWithToken('ret-user')).token;
    appID = (await t.call(token, 'POST', API.application.create.path, { appName: 'ret', productType: 'lorawan' })).body
      .data.appID;
    gw = await connectGateway(t, token, started.port, 'dddd000000000001');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  const setSetting = async (key: string, value: unknown) => {
    await t.services.db
      .insert(settings)
      .values({ key, value, updatedAt: Date.now() })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    await dp.settings.refresh();
  };
  const count = async (table: string, devEUI: string) =>
    Number(
      (
        (await t.services.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE dev_eui = ${devEUI}`,
        )) as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('reads the switches with defaults on/on/on/on/on/7 and clamps dataExpireDay to 1..30', () => {
    expect(parseDataSettings({})).toEqual({
      enableGwData: true,
      enableDevAppData: true,
      enableDevMacData: true,
      enableDevDlData: true,
      enableWebsocket: true,
      dataExpireDay: 7,
    });
    expect(parseDataSettings({ enableGwData: 0, enableDevAppData: 'false', dataExpireDay: 90 })).toMatchObject({
      enableGwData: false,
      enableDevAppData: false,
      dataExpireDay: 30,
    });
  });

  it('stores no application messages when enableDevAppData is off', async () => {
    const d = abpDevice(501);
    expect((await t.call(token, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    await setSetting('enableDevAppData', false);
    gw.push([rxpkOf(abpSession(d)({ fCnt: 1 }))]);
    await settle(dp);
    expect(await count('device_messages', d.devEUI)).toBe(0);
    expect(await count('device_frames', d.devEUI)).toBe(1);
    await setSetting('enableDevAppData', true);
  });

  it('deletes history older than dataExpireDay, keeping queued downlinks', async () => {
    const d = abpDevice(502);
    expect((await t.call(token, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    gw.push([rxpkOf(abpSession(d)({ fCnt: 1 }))]);
    await settle(dp);
    expect(
      (
        await t.call(token, 'POST', API.downlink.create.path, {
          devEUI: d.devEUI,
          fport: 1,
          data: '01',
          confirmed: 0,
        })
      ).body.code,
    ).toBe(0);
    await setSetting('dataExpireDay', 2);
    expect(await dp.retention.run(Date.now() + DAY)).toBe(0);
    expect(await count('device_frames', d.devEUI)).toBe(1);
    expect(await dp.retention.run(Date.now() + 3 * DAY)).toBeGreaterThan(0);
    expect(await count('device_frames', d.devEUI)).toBe(0);
    expect(await count('device_messages', d.devEUI)).toBe(0);
    expect(await count('device_signal', d.devEUI)).toBe(0);
    expect(await count('downlinks', d.devEUI)).toBe(1);
  });

  it('vacuums the tables uplinks rewrite on the embedded database, which has no autovacuum', async () => {
    const rewritten = ['devices', 'device_list_keys', 'device_tag_links'];
    const vacuums = async () => {
      const res = await t.services.db.execute(
        sql`SELECT relname, vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${`{${rewritten}}`}::text[])`,
      );
      return Object.fromEntries((res as { rows: { relname: string; n: number }[] }).rows.map((r) => [r.relname, r.n]));
    };
    const before = await vacuums();
    await dp.retention.run();
    const after = await vacuums();
    // PostgreSQL has its autovacuum: the pass leaves them to it.
    const passes = t.services.database.kind === 'pglite' ? 1 : 0;
    for (const table of rewritten) expect(after[table]! - before[table]!).toBe(passes);
  });

  it('finds the cutoff by id on the busiest tables: never deletes a row early, takes a late one in a later pass', async () => {
    const base = Date.now() - 20 * DAY;
    // `n` frames; `at` is each one's created_at, an SQL expression of its number i (0..n-1).
    const frames = (n: number, at: string) =>
      t.services.db.execute(
        sql.raw(`INSERT INTO gateway_frames (msg_id, gw_id, created_at, uplink, phy, size, dev_eui)
          SELECT 'm' || i, 'eeee000000000001', ${at}, true, '00', 1, 'retention-order' FROM generate_series(0, ${n - 1}) i`),
      );
    await frames(1000, `${base} + i * 1000`);
    await setSetting('dataExpireDay', 2);
    // The cutoff falls between the 500th and the 501st row: the search halves the ids between them.
    expect(await dp.retention.run(base + 499_500 + 2 * DAY)).toBe(500);
    expect(await count('gateway_frames', 'retention-order')).toBe(500);
    // A row written out of time order, between newer ones, stays until the cutoff has passed the
    // rows around it; the rows kept are never older than the cutoff was.
    await frames(1, `${base + 100_000}`);
    await frames(1, `${base + 2_000_000}`);
    expect(await dp.retention.run(base + 499_500 + 2 * DAY)).toBe(0);
    expect(await dp.retention.run(base + 999_500 + 2 * DAY)).toBe(500 + 1);
    expect(await count('gateway_frames', 'retention-order')).toBe(1);
    await setSetting('dataExpireDay', 7);
  });

  it("deletes a device's signal records with it, an application deletion included", async () => {
    const d = abpDevice(503);
    const app = (await t.call(token, 'POST', API.application.create.path, { appName: 'gone', productType: 'lorawan' }))
      .body.data.appID;
    expect((await t.call(token, 'POST', API.device.create.path, { appID: app, ...d })).body.code).toBe(0);
    gw.push([rxpkOf(abpSession(d)({ fCnt: 1 }))]);
    await settle(dp);
    expect(await count('device_signal', d.devEUI)).toBe(1);
    expect((await t.call(token, 'POST', API.application.delete.path, { appIDs: [app] })).body.code).toBe(0);
    expect(await count('device_signal', d.devEUI)).toBe(0);
  });
});
