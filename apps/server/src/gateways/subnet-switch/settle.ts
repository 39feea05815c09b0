import { statusBeforeSwitch } from '@lns/contract/subnet-switch';
import { and, count, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { switchDevices, switchGateways, switchTasks } from '../../db/schema/subnet-switch';
import type { SwitchTaskRow } from './repository';

type Counts = Record<number, number>;

async function countsOf(db: Db, table: typeof switchDevices | typeof switchGateways, taskId: number): Promise<Counts> {
  const rows = await db
    .select({ status: table.status, n: count() })
    .from(table)
    .where(eq(table.taskId, taskId))
    .groupBy(table.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
const sum = (c: Counts, ...states: number[]) => states.reduce((a, s) => a + (c[s] ?? 0), 0);

/**
 * A task's status from its members', and when the runner looks next. Before the switch:
 * statusBeforeSwitch (the contract's rule). After it: the grace time
 * over, devices that did not confirm the next plan fail ('no answer before switch' when they never
 * confirmed the union either); once every member is done the task is 4 finished, or 6 failed
 * when a gateway could not be moved.
 */
export async function settleTask(db: Db, task: SwitchTaskRow): Promise<void> {
  const now = Date.now();
  const step = task.intervalS * 1000;
  if (task.switchedAt === null) {
    const status = statusBeforeSwitch(await countsOf(db, switchDevices, task.id));
    await save(db, task, { status, nextTime: Math.min(task.switchTime, now + step) });
    return;
  }
  const deadline = task.switchTime + task.graceS * 1000;
  if (now >= deadline) {
    const open = (s: 1 | 2 | 3) =>
      and(eq(switchDevices.taskId, task.id), s === 3 ? eq(switchDevices.status, 3) : lte(switchDevices.status, 2));
    await db.update(switchDevices).set({ status: 6, error: 'no answer before switch', updatedAt: now }).where(open(1));
    await db
      .update(switchDevices)
      .set({ status: 6, error: 'no answer to the next plan', updatedAt: now })
      .where(open(3));
  }
  const [d, g] = await Promise.all([countsOf(db, switchDevices, task.id), countsOf(db, switchGateways, task.id)]);
  const done = sum(d, 1, 2, 3) === 0 && sum(g, 1, 2, 3) === 0;
  if (!done) {
    await save(db, task, { nextTime: Math.min(deadline, now + step) });
    return;
  }
  const failedGws = await db
    .select({ gwId: switchGateways.gwId, error: switchGateways.error })
    .from(switchGateways)
    .where(and(eq(switchGateways.taskId, task.id), eq(switchGateways.status, 6)));
  const errorMessage = failedGws.length
    ? failedGws
        .map((f) => `gateway ${f.gwId}: ${f.error ?? 'failed'}`)
        .join('; ')
        .slice(0, 2000)
    : task.errorMessage;
  await save(db, task, { status: failedGws.length ? 6 : 4, errorMessage, nextTime: 0 });
}

/** Written only while the task is open (a cancel that came meanwhile wins). */
async function save(db: Db, task: SwitchTaskRow, patch: Partial<SwitchTaskRow>): Promise<void> {
  await db
    .update(switchTasks)
    .set({ ...patch, updatedAt: Date.now() })
    .where(and(eq(switchTasks.id, task.id), lte(switchTasks.status, 3)));
}
