import { subnetSwitchMemberApi as api } from '@lns/contract/api/subnet-switch';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { applications, devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { switchDevices, switchGateways } from '../../db/schema/subnet-switch';
import { DomainError } from '../../errors';
import { addDevices, addGateways, removeDevices } from '../../gateways/subnet-switch/members';
import { checkBeforeSwitch, taskById } from '../../gateways/subnet-switch/repository';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

type ListQuery = {
  taskId: number;
  status?: number;
  pageNo: number;
  pageSize: number;
  orderBy?: 'status' | 'updateTime';
  orderType: 'asc' | 'desc';
};

/** The member lists of cutover tasks (admins): gateways and devices, added before the switch. */
export const subnetSwitchMemberRoutes: RouteModule = (app, s) => {
  const page = (q: ListQuery) => {
    const { limit = q.pageSize, offset } = pageWindow(q);
    return { limit, offset, dir: q.orderType === 'asc' ? asc : desc };
  };
  /** An open task before its switch: 17001 missing, 17003 switched or over. */
  const openTask = async (taskId: number) => {
    const task = await taskById(s.db, taskId);
    checkBeforeSwitch(task);
    return task;
  };

  route(app, api.gatewayList, async (req) => {
    const q = req.query;
    const { limit, offset, dir } = page(q);
    const where = and(
      eq(switchGateways.taskId, q.taskId),
      q.status ? eq(switchGateways.status, q.status as 1) : undefined,
    );
    const col = q.orderBy === 'status' ? switchGateways.status : switchGateways.updatedAt;
    const [rows, [total]] = await Promise.all([
      s.db
        .select({ m: switchGateways, statInterval: gateways.statInterval })
        .from(switchGateways)
        .leftJoin(gateways, eq(gateways.gwId, switchGateways.gwId))
        .where(where)
        .orderBy(dir(col), asc(switchGateways.gwId))
        .limit(limit)
        .offset(offset),
      s.db.select({ n: count() }).from(switchGateways).where(where),
    ]);
    const data = rows.map(({ m, statInterval }) => ({
      taskId: m.taskId,
      gatewayId: m.gwId,
      gatewayName: m.gwName,
      statInterval: statInterval ?? 0,
      manual: m.manual,
      status: m.status,
      error: m.error,
      updateTime: m.updatedAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, api.gatewayAdd, async (req) => {
    await addGateways(s.db, await openTask(req.body.taskId), req.body.gwIDs);
    s.subnetSwitch.wake();
    return ok();
  });

  route(app, api.gatewayDelete, async (req) => {
    const task = await openTask(req.body.taskId);
    const ids = [...new Set(req.body.gwIDs)];
    const of = and(eq(switchGateways.taskId, task.id), inArray(switchGateways.gwId, ids));
    const have = await s.db.select({ id: switchGateways.gwId }).from(switchGateways).where(of);
    // Checked before anything is deleted: one unknown id and none goes.
    const missing = ids.find((id) => !have.some((g) => g.id === id));
    if (missing) throw new DomainError(C.SWITCH_NOT_MEMBER, missing, 'gwIDs');
    await s.db.delete(switchGateways).where(of);
    return ok();
  });

  route(app, api.deviceList, async (req) => {
    const q = req.query;
    const { limit, offset, dir } = page(q);
    const where = and(
      eq(switchDevices.taskId, q.taskId),
      q.status ? eq(switchDevices.status, q.status as 1) : undefined,
    );
    const col = q.orderBy === 'status' ? switchDevices.status : switchDevices.updatedAt;
    const [rows, [total]] = await Promise.all([
      s.db
        .select()
        .from(switchDevices)
        .where(where)
        .orderBy(dir(col), asc(switchDevices.devEui))
        .limit(limit)
        .offset(offset),
      s.db.select({ n: count() }).from(switchDevices).where(where),
    ]);
    const data = rows.map((m) => ({
      taskId: m.taskId,
      devEUI: m.devEui,
      deviceName: m.devName,
      appID: m.appId,
      status: m.status,
      phase: m.phase,
      triggerCount: m.triggerCount,
      lastSentAt: m.lastSentAt,
      error: m.error,
      updateTime: m.updatedAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, api.deviceAdd, async (req) => {
    await addDevices(s.db, await openTask(req.body.taskId), req.body.devEUIs);
    s.subnetSwitch.wake();
    return ok();
  });

  route(app, api.deviceDelete, async (req) => {
    await removeDevices(s.db, await openTask(req.body.taskId), req.body.devEUIs);
    return ok();
  });

  route(app, api.applicationAdd, async (req) => {
    const task = await openTask(req.body.taskId);
    const [appRow] = await s.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, req.body.appID));
    if (!appRow) throw new DomainError(C.APP_MISSING, undefined, 'appID');
    const ids = await s.db
      .select({ devEui: devices.devEui })
      .from(devices)
      .where(eq(devices.appId, appRow.id))
      .orderBy(devices.devEui);
    // Members already in this task are neither added again nor reported.
    const have = await s.db
      .select({ devEui: switchDevices.devEui })
      .from(switchDevices)
      .where(eq(switchDevices.taskId, task.id));
    const known = new Set(have.map((h) => h.devEui));
    const result = await addDevices(
      s.db,
      task,
      ids.map((d) => d.devEui).filter((id) => !known.has(id)),
      true,
    );
    s.subnetSwitch.wake();
    return ok(result);
  });
};
