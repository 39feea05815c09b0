import { API } from '@lns/contract/api/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

const T = API.subnetSwitchTask;
const M = API.subnetSwitchMember;
const us1 = 'us915:us915-1';
const us2 = 'us915:us915-2';

/** Cutover tasks and members through the API: every rule with its code, statuses through a task's life. */
describe('subnet cutover API', () => {
  let t: TestApp;
  let admin: string;
  let appID: number;
  const devs: string[] = [];
  const gws = ['a840411b00000001', 'a840411b00000002', 'a840411b00000003'];
  const call = async (e: { method: 'GET' | 'POST'; path: string }, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, e.method as 'GET' | 'POST', e.path, data)).body;
  const task = async (taskId: number) => (await call(T.info, { taskId })).data;
  const create = async (body: Record<string, unknown>) => {
    const r = await call(T.create, { currentChannelPlan: us1, nextChannelPlan: us2, ...body });
    expect(r.code, JSON.stringify(r)).toBe(0);
    return r.data.taskId as number;
  };
  const exec = (q: ReturnType<typeof sql>) => t.services.db.execute(q);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    for (const [i, gwID] of gws.entries()) {
      const plan = i === 2 ? { region: 'eu868', subnet: 'eu868-default' } : { region: 'us915', subnet: 'us915-1' };
      const gw = { gwID, gwName: `cut-${i}`, gwType: 'generic', txPower: 0, ...plan };
      expect((await call(API.gateway.create, gw)).code).toBe(0);
    }
    appID = (await call(API.application.create, { appName: 'cut-app', productType: 'lorawan' })).data.appID;
    for (let n = 1; n <= 4; n++) {
      const d = abpDevice(9000 + n, n === 4 ? {} : { region: 'us915', subnet: 'us915-1' });
      expect((await call(API.device.create, { appID, ...d })).code).toBe(0);
      devs.push(d.devEUI);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('is for admins only', async () => {
    const user = (await t.userWithToken('cut-user')).token;
    expect((await call(T.list, {}, user)).code).toBe(1010);
    expect((await call(T.create, { taskName: 'x', currentChannelPlan: us1, nextChannelPlan: us2 }, user)).code).toBe(
      1010,
    );
    expect((await call(M.deviceAdd, { taskId: 1, devEUIs: [devs[0]] }, user)).code).toBe(1010);
  });

  it('checks every task field with a coded error naming it, and writes nothing on refusal', async () => {
    const base = { taskName: 'rules', currentChannelPlan: us1, nextChannelPlan: us2 };
    const refused: [Record<string, unknown>, number, string][] = [
      [{ taskName: '' }, 1006, 'taskName'],
      [{ taskName: 'x'.repeat(65) }, 1007, 'taskName'],
      [{ taskName: 42 }, 1007, 'taskName'],
      [{ currentChannelPlan: 'us915' }, 1007, 'currentChannelPlan'],
      [{ currentChannelPlan: 'us915:us915-9' }, 1011, 'currentChannelPlan'],
      [{ nextChannelPlan: 'eu868:eu868-default' }, 1017, 'nextChannelPlan'],
      [{ nextChannelPlan: us1 }, 1017, 'nextChannelPlan'],
      [{ interval: 0 }, 1007, 'interval'],
      [{ interval: 'soon' }, 1007, 'interval'],
      [{ switchTime: Date.now() - 60_000 }, 1007, 'switchTime'],
      [{ graceTime: -1 }, 1007, 'graceTime'],
    ];
    for (const [patch, code, field] of refused) {
      const r = await call(T.create, { ...base, ...patch });
      expect({ code: r.code, field: r.field }, JSON.stringify(patch)).toEqual({ code, field });
    }
    expect((await call(T.list, {})).amount).toBe(0);
    const before = Date.now();
    const taskId = await create({ taskName: 'rules' });
    expect((await call(T.create, base)).code).toBe(17002);
    const row = await task(taskId);
    expect(row).toMatchObject({ taskName: 'rules', interval: 60, status: 1, triggerCount: 0, graceTime: 3600 });
    expect(row.switchTime).toBeGreaterThanOrEqual(before + 300_000);
    expect((await call(T.info, { taskId: 9999 })).code).toBe(17001);
    expect((await call(T.list, { taskName: 'rul', status: 1 })).amount).toBe(1);
    expect((await call(T.delete, { taskId })).code).toBe(0);
  });

  it('takes members on the current plan, in one open task, all or none', async () => {
    const taskId = await create({ taskName: 'members', interval: 30 });
    expect(await call(M.gatewayAdd, { taskId, gwIDs: [gws[0], 'ffffffffffffffff'] })).toMatchObject({
      code: 5001,
      field: 'gwIDs',
    });
    expect((await call(M.gatewayAdd, { taskId, gwIDs: [gws[0], gws[2]] })).code).toBe(17006);
    expect((await call(M.gatewayList, { taskId })).amount).toBe(0);
    expect((await call(M.gatewayAdd, { taskId, gwIDs: ['xyz'] })).field).toMatch(/^gwIDs/);
    expect((await call(M.gatewayAdd, { taskId, gwIDs: [gws[0], gws[1]] })).code).toBe(0);
    // The interval must stay shorter than a member gateway's statInterval (300 s by default).
    expect(await call(T.update, { taskId, interval: 300 })).toMatchObject({ code: 17004, field: 'interval' });
    expect((await call(T.update, { taskId, interval: 20, taskName: 'members-2' })).code).toBe(0);
    expect((await call(T.update, { taskId, nextChannelPlan: 'us915:us915-3' })).code).toBe(17003);

    expect((await call(M.deviceAdd, { taskId, devEUIs: [devs[0], '70b3d5ffffffffff'] })).code).toBe(4001);
    expect((await call(M.deviceAdd, { taskId, devEUIs: [devs[3]] })).code).toBe(17006);
    expect((await call(M.deviceList, { taskId })).amount).toBe(0);
    expect((await call(M.deviceAdd, { taskId, devEUIs: [devs[0]] })).code).toBe(0);
    const added = await call(M.applicationAdd, { taskId, appID });
    expect(added.data).toEqual({ added: 2, skipped: [{ devEUI: devs[3], code: 17006 }] });
    expect((await call(M.applicationAdd, { taskId, appID: 99999 })).code).toBe(3001);

    const other = await create({ taskName: 'other' });
    expect((await call(M.deviceAdd, { taskId: other, devEUIs: [devs[0]] })).code).toBe(17005);
    expect((await call(M.gatewayAdd, { taskId: other, gwIDs: [gws[0]] })).code).toBe(17005);
    expect((await call(M.deviceDelete, { taskId: other, devEUIs: [devs[0]] })).code).toBe(17008);
    expect((await call(M.gatewayDelete, { taskId, gwIDs: [gws[1], gws[2]] })).code).toBe(17008);
    expect((await call(M.gatewayList, { taskId })).amount).toBe(2);
    expect((await call(M.gatewayDelete, { taskId, gwIDs: [gws[1]] })).code).toBe(0);
    expect((await call(T.info, { taskId })).data).toMatchObject({
      gatewayCount: 1,
      deviceCount: 3,
      deviceStatus: { 1: 3 },
    });
    // Cleared for the next test: both tasks canceled, their members released.
    for (const id of [taskId, other]) expect((await call(T.cancel, { taskId: id })).code).toBe(0);
    expect((await task(taskId)).status).toBe(5);
  });

  it('runs a task: switch at switchTime, UDP-only gateways manual, unanswering devices failed after the grace time', async () => {
    const taskId = await create({ taskName: 'life', interval: 1, graceTime: 1 });
    expect((await call(M.gatewayAdd, { taskId, gwIDs: [gws[0]] })).code).toBe(0);
    expect((await call(M.deviceAdd, { taskId, devEUIs: devs.slice(0, 2) })).code).toBe(0);
    const runner = t.services.subnetSwitch;
    await runner.look();
    expect(t.services.dataPlane.cutover.active).toBe(true);
    expect((await task(taskId)).status).toBe(1);
    // One device was told the union and confirmed, the other was told and is silent.
    await exec(
      sql`UPDATE subnet_switch_devices SET status = 3, phase = 1 WHERE task_id = ${taskId} AND dev_eui = ${devs[0]}`,
    );
    await exec(
      sql`UPDATE subnet_switch_devices SET status = 2, phase = 1 WHERE task_id = ${taskId} AND dev_eui = ${devs[1]}`,
    );
    await exec(sql`UPDATE subnet_switch_tasks SET next_time = 0 WHERE id = ${taskId}`);
    await runner.look();
    expect((await task(taskId)).status).toBe(2);
    expect((await call(T.delete, { taskId })).code).toBe(17007);

    // The switch time comes (moved, not waited for): gateways and devices are on the next plan.
    await exec(sql`UPDATE subnet_switch_tasks SET switch_time = ${Date.now() - 10} WHERE id = ${taskId}`);
    await runner.look();
    const switched = await task(taskId);
    expect(switched.switchedAt).not.toBeNull();
    expect((await call(T.cancel, { taskId })).code).toBe(17003);
    expect((await call(M.deviceAdd, { taskId, devEUIs: [devs[2]] })).code).toBe(17003);
    const [gw] = (await call(M.gatewayList, { taskId })).data;
    expect(gw).toMatchObject({ gatewayId: gws[0], manual: true, status: 4 });
    expect(gw.error).toMatch(/by hand/);
    const subnet = async (table: 'gateways' | 'devices', id: string) => {
      const r = await exec(
        table === 'gateways'
          ? sql`SELECT subnet FROM gateways WHERE gw_id = ${id}`
          : sql`SELECT subnet FROM devices WHERE dev_eui = ${id}`,
      );
      return (('rows' in r ? r.rows : r) as { subnet: string }[])[0]?.subnet;
    };
    expect(await subnet('gateways', gws[0]!)).toBe('us915-2');
    expect(await subnet('devices', devs[0]!)).toBe('us915-2');
    expect(await subnet('devices', devs[2]!)).toBe('us915-1');

    // The grace time over: nobody confirmed the next plan.
    await exec(sql`UPDATE subnet_switch_tasks SET switch_time = ${Date.now() - 5000} WHERE id = ${taskId}`);
    await runner.look();
    const members = (await call(M.deviceList, { taskId, orderBy: 'status' })).data;
    expect(members.map((m: { status: number; error: string }) => [m.status, m.error])).toEqual([
      [6, 'no answer to the next plan'],
      [6, 'no answer before switch'],
    ]);
    expect(await task(taskId)).toMatchObject({ status: 4, nextTime: 0 });
    expect((await call(T.delete, { taskId })).code).toBe(0);
  });

  it('cancels before the switch: devices told the union go back to their current plan', async () => {
    // The last test moved the first two devices to sub-band 2.
    const taskId = await create({ taskName: 'cancel', currentChannelPlan: us2, nextChannelPlan: 'us915:us915-3' });
    expect((await call(M.deviceAdd, { taskId, devEUIs: [devs[1], devs[0]] })).code).toBe(0);
    await exec(
      sql`UPDATE subnet_switch_devices SET status = 2, phase = 1 WHERE task_id = ${taskId} AND dev_eui = ${devs[1]}`,
    );
    expect((await call(M.deviceDelete, { taskId, devEUIs: [devs[1]] })).code).toBe(0);
    const rows = await exec(
      sql`SELECT dev_eui, status, revert FROM subnet_switch_devices WHERE task_id = ${taskId} ORDER BY status`,
    );
    expect('rows' in rows ? rows.rows : rows).toEqual([
      { dev_eui: devs[0], status: 1, revert: false },
      { dev_eui: devs[1], status: 5, revert: true },
    ]);
    expect((await call(T.cancel, { taskId })).code).toBe(0);
    expect((await call(T.cancel, { taskId })).code).toBe(17003);
    const list = (await call(M.deviceList, { taskId })).data;
    expect(list.map((d: { status: number }) => d.status)).toEqual([5, 5]);
    expect((await call(T.delete, { taskId })).code).toBe(0);
    expect((await call(T.delete, { taskId })).code).toBe(17001);
  });
});
