import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, TestGateway } from '../../test/gateway';
import { ADMIN_PASSWORD, freshDatabase, onPostgres } from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

/** An app on a database that outlives it: a PGlite directory, or a PostgreSQL database. */
async function persistentStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-restart-'));
  if (!onPostgres) {
    const dir = path.join(dataDir, 'pg');
    return { dataDir, open: () => openDatabase({ dataDir: dir }), drop: async () => {} };
  }
  const fresh = await freshDatabase();
  await fresh.database.close();
  return { dataDir, open: () => openDatabase({ url: fresh.url! }), drop: fresh.drop };
}

async function start(dataDir: string, database: Database) {
  const config = loadConfig({
    ADMIN_PASSWORD,
    LOGIN_CAPTCHA: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'none'),
    DEDUP_WINDOW_MS: '30',
  });
  const { app, services } = await buildApp(config, database);
  await app.ready();
  const dp = services.dataPlane;
  const port = await dp.start(0, '127.0.0.1');
  const call = async (
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    data?: Record<string, unknown>,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { 'x-access-token': token } : {},
      ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const login = async () =>
    (await call(undefined, 'POST', '/api/login', { name: 'admin', password: ADMIN_PASSWORD })).body.token;
  return { app, services, dp, port, call, login };
}

describe('FCnt survives a restart', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('rejects a replayed uplink after the server is closed and reopened on the same database', async () => {
    const store = await persistentStore();
    cleanups.push(async () => {
      await store.drop();
      fs.rmSync(store.dataDir, { recursive: true, force: true });
    });
    const d = abpDevice(7);
    const frame = abpSession(d);
    const f10 = frame({ fCnt: 10 });

    let db = await store.open();
    let s = await start(store.dataDir, db);
    let token = await s.login();
    const appID = (await s.call(token, 'POST', '/api/application/create', { appName: 'r', productType: 'lorawan' }))
      .body.data.appID;
    expect((await s.call(token, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    let gw = await connectGateway(s as never, token, s.port, 'c0ee400000000001');
    gw.push([rxpkOf(f10)]);
    await settle(s.dp);
    expect((await s.call(token, 'GET', '/api/device/lorawan/history', { devEUI: d.devEUI })).body.amount).toBe(1);
    gw.close();
    await s.app.close();
    await db.close();

    // Same database, new process state.
    db = await store.open();
    s = await start(store.dataDir, db);
    cleanups.push(async () => {
      await s.app.close();
      await db.close();
    });
    token = await s.login();
    gw = await connectExisting(s.port);
    gw.push([rxpkOf(f10)]);
    await settle(s.dp);
    expect((await s.call(token, 'GET', '/api/device/lorawan/history', { devEUI: d.devEUI })).body.amount).toBe(1);
    const m = await s.services.metrics.getSingleMetricAsString('lns_uplinks_total');
    expect(m).toMatch(/result="replay"} 1/);
    gw.push([rxpkOf(frame({ fCnt: 11 }))]);
    await settle(s.dp);
    expect((await s.call(token, 'GET', '/api/device/lorawan/history', { devEUI: d.devEUI })).body.amount).toBe(2);
    gw.close();
  });

  it('never reuses a multicast FCnt after the server is closed and reopened', async () => {
    const store = await persistentStore();
    cleanups.push(async () => {
      await store.drop();
      fs.rmSync(store.dataDir, { recursive: true, force: true });
    });
    const group = {
      mcName: 'restart',
      mcEUI: 'aa000000000000ee',
      region: 'eu868',
      genAppKey: '11'.repeat(16),
      mcAddr: '01eeeeee',
      mcAppSKey: '22'.repeat(16),
      mcNwkSKey: '33'.repeat(16),
    };
    const send = (s: Awaited<ReturnType<typeof start>>, token: string) =>
      s.call(token, 'POST', '/api/mcdownlink/create', { mcEUI: group.mcEUI, fPort: 1, data: '01' });

    let db = await store.open();
    let s = await start(store.dataDir, db);
    let token = await s.login();
    let gw = await connectGateway(s as never, token, s.port, 'c0ee400000000001');
    expect((await s.call(token, 'POST', '/api/mcgroup/create', group)).body.code).toBe(0);
    const bind = await s.call(token, 'POST', '/api/mcgateway/create', { mcEUI: group.mcEUI, gwIDs: [gw.eui] });
    expect(bind.body.code).toBe(0);
    expect((await send(s, token)).body.data.fCnt).toBe(0);
    expect((await send(s, token)).body.data.fCnt).toBe(1);
    gw.close();
    await s.app.close();
    await db.close();

    db = await store.open();
    s = await start(store.dataDir, db);
    cleanups.push(async () => {
      await s.app.close();
      await db.close();
    });
    token = await s.login();
    gw = await connectExisting(s.port);
    expect((await send(s, token)).body.data.fCnt).toBe(2);
    gw.close();
  });
});

/** The gateway (already registered) reconnecting to the restarted server. */
async function connectExisting(port: number) {
  const gw = await new TestGateway('c0ee400000000001', port).open();
  gw.pull();
  await gw.waitFor((x) => x.kind === 'PULL_ACK');
  return gw;
}
