import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API } from '@lns/contract/api/index';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { abpDevice } from '../../../test/devices-fixtures';
import { ADMIN_PASSWORD, freshDatabase, onPostgres } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';

/** A task survives a restart in its middle: its state is only in the database. */
describe('subnet cutover across a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-cutover-'));
  let drop = async () => {};
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(open: () => ReturnType<typeof openDatabase>) {
    const database = await open();
    const config = loadConfig({
      ADMIN_PASSWORD,
      LOGIN_CAPTCHA: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CONSOLE_DIR: path.join(dataDir, 'none'),
    });
    const { app, services } = await buildApp(config, database);
    await app.ready();
    const inject = async (e: { method: string; path: string }, data: Record<string, unknown>, token?: string) => {
      const res = await app.inject({
        method: e.method as 'GET' | 'POST',
        url: e.path,
        headers: token ? { 'x-access-token': token } : {},
        ...(e.method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
      });
      return res.json();
    };
    const token = (await inject(API.auth.login, { name: 'admin', password: ADMIN_PASSWORD })).token as string;
    const call = (e: { method: string; path: string }, data: Record<string, unknown>) => inject(e, data, token);
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { services, call, close };
  }

  it('goes on after the app is built again on the same database', async () => {
    let open = () => openDatabase({ dataDir: path.join(dataDir, 'pg') });
    if (onPostgres) {
      const fresh = await freshDatabase();
      await fresh.database.close();
      drop = fresh.drop;
      open = () => openDatabase({ url: fresh.url! });
    }
    const one = await start(open);
    const appID = (await one.call(API.application.create, { appName: 'restart', productType: 'lorawan' })).data.appID;
    const d = abpDevice(8801, { region: 'us915', subnet: 'us915-1' });
    expect((await one.call(API.device.create, { appID, ...d })).code).toBe(0);
    const plans = { currentChannelPlan: 'us915:us915-1', nextChannelPlan: 'us915:us915-2' };
    const { taskId } = (await one.call(API.subnetSwitchTask.create, { taskName: 'restart', ...plans })).data;
    expect((await one.call(API.subnetSwitchMember.deviceAdd, { taskId, devEUIs: [d.devEUI] })).code).toBe(0);
    // The look the add woke is over before the rows are changed under it.
    await one.services.subnetSwitch.look();
    await one.services.db.execute(
      sql`UPDATE subnet_switch_devices SET status = 3, phase = 1 WHERE task_id = ${taskId}`,
    );
    await one.services.db.execute(sql`UPDATE subnet_switch_tasks SET next_time = 0 WHERE id = ${taskId}`);
    await one.services.subnetSwitch.look();
    expect((await one.call(API.subnetSwitchTask.info, { taskId })).data.status).toBe(3);
    // A held lease from the instance that is gone: the next one takes over once it runs out.
    await one.services.db.execute(
      sql`UPDATE subnet_switch_tasks SET switch_time = ${Date.now() - 10}, lease_until = 0 WHERE id = ${taskId}`,
    );
    await one.close();

    const two = await start(open);
    await two.services.subnetSwitch.look();
    const task = (await two.call(API.subnetSwitchTask.info, { taskId })).data;
    expect(task.switchedAt).not.toBeNull();
    expect(two.services.dataPlane.cutover.active).toBe(true);
    const [member] = (await two.call(API.subnetSwitchMember.deviceList, { taskId })).data;
    expect(member).toMatchObject({ status: 3, phase: 1 });
    await two.close();
  }, 60_000);
});
