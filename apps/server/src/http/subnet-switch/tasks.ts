import { subnetSwitchTaskApi as api } from '@lns/contract/api/subnet-switch';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { SWITCH_TIME_AHEAD_S, SWITCH_TIME_MAX_DAYS } from '@lns/contract/subnet-switch';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors';
import { gateways } from '../../db/schema/gateways';
import { switchGateways, switchTasks } from '../../db/schema/subnet-switch';
import { DomainError } from '../../errors';
import { cancelDevices } from '../../gateways/subnet-switch/members';
import {
  checkBeforeSwitch,
  nameFilter,
  resolvePlans,
  taskById,
  taskRows,
} from '../../gateways/subnet-switch/repository';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const nameTaken = (name: string) => (err: unknown) => {
  if (uniqueViolation(err)) throw new DomainError(C.SWITCH_TASK_EXISTS, `a task named ${name} exists`, 'taskName');
  throw err;
};

/** switchTime from now on (a little slack for the form's clock), at most a year ahead. */
function checkSwitchTime(at: number, now: number): void {
  if (at < now - 5000 || at > now + SWITCH_TIME_MAX_DAYS * 86_400_000)
    throw new DomainError(C.PARAM_FORMAT, 'the switch time must be from now on, at most a year ahead', 'switchTime');
}

/** Subnet cutover tasks (admins); the runner moves them on (gateways/subnet-switch/runner.ts). */
export const subnetSwitchTaskRoutes: RouteModule = (app, s) => {
  route(app, api.list, async (req) => {
    const q = req.query;
    const { limit = q.pageSize, offset } = pageWindow(q);
    const where = nameFilter(q.status, q.taskName);
    const { rows, amount } = await taskRows(s.db, { where, limit, offset, orderBy: q.orderBy, orderType: q.orderType });
    return list(rows, amount);
  });

  route(app, api.info, async (req) => {
    const { rows } = await taskRows(s.db, { where: eq(switchTasks.id, req.query.taskId), offset: 0 });
    if (!rows[0]) throw new DomainError(C.SWITCH_TASK_MISSING, undefined, 'taskId');
    return ok(rows[0]);
  });

  route(app, api.create, async (req) => {
    const b = req.body;
    resolvePlans(b.currentChannelPlan, b.nextChannelPlan);
    const now = Date.now();
    const switchTime = b.switchTime ?? now + SWITCH_TIME_AHEAD_S * 1000;
    checkSwitchTime(switchTime, now);
    const [task] = await s.db
      .insert(switchTasks)
      .values({
        name: b.taskName,
        intervalS: b.interval,
        switchTime,
        graceS: b.graceTime,
        currentPlan: b.currentChannelPlan,
        nextPlan: b.nextChannelPlan,
        nextTime: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: switchTasks.id })
      .catch(nameTaken(b.taskName));
    s.subnetSwitch.wake();
    return ok({ taskId: task!.id });
  });

  route(app, api.update, async (req) => {
    const b = req.body;
    const task = await taskById(s.db, b.taskId);
    const now = Date.now();
    checkBeforeSwitch(task, now);
    const plansChange =
      (b.currentChannelPlan !== undefined && b.currentChannelPlan !== task.currentPlan) ||
      (b.nextChannelPlan !== undefined && b.nextChannelPlan !== task.nextPlan);
    if (plansChange) {
      resolvePlans(b.currentChannelPlan ?? task.currentPlan, b.nextChannelPlan ?? task.nextPlan);
      const { rows } = await taskRows(s.db, { where: eq(switchTasks.id, task.id), offset: 0 });
      if (rows[0]!.gatewayCount + rows[0]!.deviceCount > 0)
        throw new DomainError(
          C.SWITCH_TASK_CLOSED,
          'remove the members before changing the plans',
          'currentChannelPlan',
        );
    }
    if (b.switchTime !== undefined) checkSwitchTime(b.switchTime, now);
    if (b.interval !== undefined) {
      const [slow] = await s.db
        .select({ gwId: gateways.gwId, statInterval: gateways.statInterval })
        .from(switchGateways)
        .innerJoin(gateways, eq(gateways.gwId, switchGateways.gwId))
        .where(and(eq(switchGateways.taskId, task.id), lte(gateways.statInterval, b.interval)))
        .limit(1);
      if (slow)
        throw new DomainError(
          C.SWITCH_INTERVAL_TOO_LONG,
          `${slow.gwId} reports every ${slow.statInterval} s`,
          'interval',
        );
    }
    await s.db
      .update(switchTasks)
      .set({
        ...(b.taskName !== undefined && { name: b.taskName }),
        ...(b.interval !== undefined && { intervalS: b.interval }),
        ...(b.switchTime !== undefined && { switchTime: b.switchTime }),
        ...(b.graceTime !== undefined && { graceS: b.graceTime }),
        ...(b.currentChannelPlan !== undefined && { currentPlan: b.currentChannelPlan }),
        ...(b.nextChannelPlan !== undefined && { nextPlan: b.nextChannelPlan }),
        updatedAt: now,
      })
      .where(eq(switchTasks.id, task.id))
      .catch(nameTaken(b.taskName ?? task.name));
    s.subnetSwitch.wake();
    return ok();
  });

  route(app, api.cancel, async (req) => {
    const task = await taskById(s.db, req.body.taskId);
    checkBeforeSwitch(task);
    await s.db.transaction(async (tx) => {
      // Only if it has not switched meanwhile (the runner switches under the same condition).
      const [hit] = await tx
        .update(switchTasks)
        .set({ status: 5, nextTime: 0, updatedAt: Date.now() })
        .where(
          and(
            eq(switchTasks.id, task.id),
            inArray(switchTasks.status, [1, 2, 3]),
            gt(switchTasks.switchTime, Date.now()),
          ),
        )
        .returning({ id: switchTasks.id });
      if (!hit) throw new DomainError(C.SWITCH_TASK_CLOSED, undefined, 'taskId');
      await tx
        .update(switchGateways)
        .set({ status: 5, updatedAt: Date.now() })
        .where(eq(switchGateways.taskId, task.id));
      await cancelDevices(tx, task.id);
    });
    return ok();
  });

  route(app, api.delete, async (req) => {
    const task = await taskById(s.db, req.body.taskId);
    const running = task.status === 2 || task.status === 3 || (task.switchedAt !== null && task.status < 4);
    if (running) throw new DomainError(C.SWITCH_TASK_RUNNING, undefined, 'taskId');
    await s.db.delete(switchTasks).where(eq(switchTasks.id, task.id));
    return ok();
  });
};
