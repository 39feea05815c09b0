import { API } from '@lns/contract/api/index';
import { PLATFORM_CONFIG_DEFAULTS, type PlatformConfig } from '@lns/contract/platform';
import { STREAM_CLOSE } from '@lns/contract/streams';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { abpSession, connectGateway, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client, closedWith, listen } from '../../../test/stream-client';
import { gatewayFrames } from '../../db/schema/dataplane';
import type { DataPlane } from '../../ns/dataplane';

const DAY = 86_400_000;

/** A stream socket refused after the upgrade: resolves with its close code and reason. */
export function refusedStream(url: string, token: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, [token]);
    ws.on('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('message', (m) => reject(new Error(`unexpected message ${m}`)));
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

/** What the switches change in the running server: history written, live streams, retention. */
describe('platform switches applied by the running server', () => {
  let t: TestApp;
  let dp: DataPlane;
  let admin: string;
  let gw: TestGateway;
  let appID: number;
  const gwID = 'eeee000000000001';
  // The retention test's frames: another gateway's, so the switches test counts only its uplinks'.
  const OLD_GW = 'eeee0000000000ff';
  let fCnt = 0;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '20' });
    const started = await startDataPlane(t);
    dp = started.dp;
    admin = await t.login();
    appID = (await t.call(admin, 'POST', API.application.create.path, { appName: 'switches' })).body.data.appID;
    gw = await connectGateway(t, admin, started.port, gwID);
    // Older frames for the retention test, written before the uplinks' (history is appended in
    // time order: retention finds its cutoff by id, migration 0031).
    const row = (createdAt: number, msgId: string) => ({
      msgId,
      gwId: OLD_GW,
      createdAt,
      uplink: true,
      phy: '',
      size: 0,
    });
    await t.services.db
      .insert(gatewayFrames)
      .values([row(now - 5 * DAY, 'five-days'), row(now - 2 * DAY, 'two-days'), row(now - DAY / 2, 'half-day')]);
  });
  afterAll(async () => {
    gw?.close();
    await t?.close();
  });

  const save = async (patch: Partial<PlatformConfig>) => {
    const res = await t.call(admin, 'POST', API.platform.updateConfig.path, { ...PLATFORM_CONFIG_DEFAULTS, ...patch });
    expect(res.body.code).toBe(0);
  };
  const count = async (table: string, column: string, value: string) =>
    Number(
      (
        (await t.services.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${value}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );

  it('an uplink through the UDP bridge is stored only in the histories switched on', async () => {
    const d = abpDevice(601);
    expect((await t.call(admin, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    // A fresh tmst each time: the same one again from a gateway reads as a repeat.
    const uplink = async () => {
      fCnt++;
      gw.push([rxpkOf(abpSession(d)({ fCnt }), { tmst: fCnt * 1_000_000 })]);
      await settle(dp);
    };
    const rows = async () => ({
      mac: await count('device_frames', 'dev_eui', d.devEUI),
      app: await count('device_messages', 'dev_eui', d.devEUI),
      gw: await count('gateway_frames', 'gw_id', gwID),
    });

    // Saved and applied at once: no waiting for the settings cache to expire.
    await save({ enableGwData: false, enableDevAppData: false, enableDevMacData: false });
    await uplink();
    expect(await rows()).toEqual({ mac: 0, app: 0, gw: 0 });

    await save({ enableDevMacData: false });
    await uplink();
    expect(await rows()).toEqual({ mac: 0, app: 1, gw: 1 });

    await save({ enableDevAppData: false, enableGwData: false });
    await uplink();
    expect(await rows()).toEqual({ mac: 1, app: 1, gw: 1 });

    await save({});
    await uplink();
    expect(await rows()).toEqual({ mac: 2, app: 2, gw: 2 });
  });

  it('WebSocket off closes open streams with 4010 and refuses new ones; on again they work', async () => {
    const base = await listen(t);
    const url = `${base}/ws/gateway?gwID=${gwID}`;
    const open = await client(url, admin);
    const closed = closedWith(open);
    await save({ enableWebsocket: false });
    expect(await closed).toBe(STREAM_CLOSE.DISABLED);
    expect(await refusedStream(url, admin)).toEqual({
      code: STREAM_CLOSE.DISABLED,
      reason: 'live streams are switched off',
    });
    // The access checks still come first: a bad token is refused before the upgrade.
    await expect(refusedStream(url, 'not-a-token')).rejects.toThrow(/401/);

    await save({ enableWebsocket: true });
    const again = await client(url, admin);
    fCnt++;
    gw.push([rxpkOf(abpSession(abpDevice(601))({ fCnt }), { tmst: fCnt * 1_000_000 })]);
    expect(await again.json()).toMatchObject({ kind: 'gateway', data: { gwID } });
    again.ws.close();
  });

  it('the web shell is not a live stream: the switch leaves it open', async () => {
    // The shell's socket is tracked with the streams (for revocation) without the live-stream flag.
    const closes: number[] = [];
    const untrack = t.services.streams.add({
      close: (code) => closes.push(code),
      credential: { kind: 'session' },
      tokenHash: 'shell-session',
      userId: 1,
      binding: { kind: 'gateway', gwID, ownerId: 1, createdAt: 0 },
    });
    await save({ enableWebsocket: false });
    await save({});
    expect(closes).toEqual([]);
    untrack();
  });

  it('retention deletes only rows older than dataExpireDay, using a changed value on its next run', async () => {
    const left = async () =>
      (
        (await t.services.db.execute(
          sql`SELECT msg_id FROM gateway_frames WHERE gw_id = ${OLD_GW} AND msg_id IN ('five-days', 'two-days', 'half-day') ORDER BY created_at`,
        )) as unknown as { rows: { msg_id: string }[] }
      ).rows.map((r) => r.msg_id);

    await save({ dataExpireDay: 3 });
    await dp.retention.run(now);
    expect(await left()).toEqual(['two-days', 'half-day']);
    await save({ dataExpireDay: 1 });
    await dp.retention.run(now);
    expect(await left()).toEqual(['half-day']);
    // Frames stored by the uplinks above are younger than a day: still there.
    expect(await count('gateway_frames', 'gw_id', gwID)).toBeGreaterThan(1);
    await save({});
  });
});
