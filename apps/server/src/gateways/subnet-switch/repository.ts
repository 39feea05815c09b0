import { C } from '@lns/contract/codes';
import { parseChannelPlan, type SwitchTask, statusBeforeSwitch } from '@lns/contract/subnet-switch';
import { getRegion, getSubnet, type Region, type Subnet } from '@lns/lorawan/regions';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { switchDevices, switchGateways, switchTasks } from '../../db/schema/subnet-switch';
import { DomainError } from '../../errors';

export type SwitchTaskRow = typeof switchTasks.$inferSelect;
export interface SwitchPlans {
  region: Region;
  current: Subnet;
  next: Subnet;
}

/** One plan from the region catalogue: 1011 when the region or subnet is not in it. */
function planOf(plan: string, field: string): { region: Region; subnet: Subnet } {
  const { region, subnet } = parseChannelPlan(plan);
  try {
    const r = getRegion(region);
    return { region: r, subnet: getSubnet(r, subnet) };
  } catch {
    throw new DomainError(C.SUBNET_MISSING, `no channel plan ${plan}`, field);
  }
}

/** Both plans of a task: 1011 unknown, 1017 when they are of different regions or the same plan. */
export function resolvePlans(current: string, next: string): SwitchPlans {
  const a = planOf(current, 'currentChannelPlan');
  const b = planOf(next, 'nextChannelPlan');
  if (a.region.id !== b.region.id)
    throw new DomainError(C.SUBNET_UNSUPPORTED, `${next} is not a plan of region ${a.region.id}`, 'nextChannelPlan');
  if (a.subnet.id === b.subnet.id)
    throw new DomainError(C.SUBNET_UNSUPPORTED, 'the next plan is the current plan', 'nextChannelPlan');
  return { region: a.region, current: a.subnet, next: b.subnet };
}

export async function taskById(db: Db, taskId: number): Promise<SwitchTaskRow> {
  const [task] = await db.select().from(switchTasks).where(eq(switchTasks.id, taskId));
  if (!task) throw new DomainError(C.SWITCH_TASK_MISSING, undefined, 'taskId');
  return task;
}

/** A task that may still take member changes: open and before its switch time (17003 otherwise). */
export function checkBeforeSwitch(task: SwitchTaskRow, now = Date.now()): void {
  if (task.status > 3 || task.switchedAt !== null || task.switchTime <= now)
    throw new DomainError(C.SWITCH_TASK_CLOSED, undefined, 'taskId');
}

const ORDER = {
  createTime: switchTasks.createdAt,
  switchTime: switchTasks.switchTime,
  taskName: switchTasks.name,
  status: switchTasks.status,
} as const;

/** Tasks as the API shows them, with member counts. */
export async function taskRows(
  db: Db,
  q: { where?: SQL; limit?: number; offset: number; orderBy?: keyof typeof ORDER; orderType?: 'asc' | 'desc' },
): Promise<{ rows: SwitchTask[]; amount: number }> {
  const col = ORDER[q.orderBy ?? 'createTime'];
  const order = q.orderType === 'asc' ? [asc(col), asc(switchTasks.id)] : [desc(col), desc(switchTasks.id)];
  let query = db
    .select()
    .from(switchTasks)
    .where(q.where)
    .orderBy(...order)
    .offset(q.offset)
    .$dynamic();
  if (q.limit !== undefined) query = query.limit(q.limit);
  const [tasks, [total]] = await Promise.all([query, db.select({ n: count() }).from(switchTasks).where(q.where)]);
  const ids = tasks.map((t) => t.id);
  const [gws, devs] = ids.length
    ? await Promise.all([
        db
          .select({ taskId: switchGateways.taskId, n: count() })
          .from(switchGateways)
          .where(inArray(switchGateways.taskId, ids))
          .groupBy(switchGateways.taskId),
        db
          .select({ taskId: switchDevices.taskId, status: switchDevices.status, n: count() })
          .from(switchDevices)
          .where(inArray(switchDevices.taskId, ids))
          .groupBy(switchDevices.taskId, switchDevices.status),
      ])
    : [[], []];
  const rows = tasks.map((t): SwitchTask => {
    const deviceStatus: Record<string, number> = {};
    for (const d of devs) if (d.taskId === t.id) deviceStatus[String(d.status)] = d.n;
    return {
      taskId: t.id,
      taskName: t.name,
      interval: t.intervalS,
      switchTime: t.switchTime,
      graceTime: t.graceS,
      currentChannelPlan: t.currentPlan,
      nextChannelPlan: t.nextPlan,
      // Open and not switched yet: the devices' state now, not as of the runner's last look.
      status: t.status <= 3 && t.switchedAt === null ? statusBeforeSwitch(deviceStatus) : t.status,
      triggerCount: t.triggerCount,
      nextTime: t.nextTime,
      switchedAt: t.switchedAt,
      errorMessage: t.errorMessage,
      gatewayCount: gws.find((g) => g.taskId === t.id)?.n ?? 0,
      deviceCount: Object.values(deviceStatus).reduce((a, n) => a + n, 0),
      deviceStatus,
      createTime: t.createdAt,
      updateTime: t.updatedAt,
    };
  });
  return { rows, amount: total?.n ?? 0 };
}

export const nameFilter = (status?: number, name?: string): SQL | undefined =>
  and(
    status ? eq(switchTasks.status, status as SwitchTaskRow['status']) : undefined,
    name ? ilike(switchTasks.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
