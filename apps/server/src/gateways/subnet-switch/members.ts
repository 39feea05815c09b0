import { C, type Code } from '@lns/contract/codes';
import { parseChannelPlan } from '@lns/contract/subnet-switch';
import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { switchDevices, switchGateways } from '../../db/schema/subnet-switch';
import { DomainError } from '../../errors';
import type { SwitchTaskRow } from './repository';

/** A member taken by another open task between the check and the insert is refused the same way. */
const busy = (err: unknown): never => {
  if (uniqueViolation(err)) throw new DomainError(C.SWITCH_MEMBER_BUSY);
  throw err;
};

/** Whose open task already holds these ids (member rows with status 1–3 of another task). */
async function inOtherTask(db: Db, task: SwitchTaskRow, kind: 'gw' | 'dev', ids: string[]): Promise<Set<string>> {
  if (kind === 'gw') {
    const rows = await db
      .select({ id: switchGateways.gwId })
      .from(switchGateways)
      .where(and(inArray(switchGateways.gwId, ids), lte(switchGateways.status, 3), ne(switchGateways.taskId, task.id)));
    return new Set(rows.map((r) => r.id));
  }
  const rows = await db
    .select({ id: switchDevices.devEui })
    .from(switchDevices)
    .where(and(inArray(switchDevices.devEui, ids), lte(switchDevices.status, 3), ne(switchDevices.taskId, task.id)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Adds gateways, all or none: each must exist (5001), be on the task's current plan (17006), be
 * in no other open task (17005), and report less often than the task resends (17004: the interval
 * must be shorter than its statInterval). Members already in the task stay as they are.
 */
export async function addGateways(db: Db, task: SwitchTaskRow, gwIds: string[]): Promise<void> {
  const ids = [...new Set(gwIds)];
  const { region, subnet } = parseChannelPlan(task.currentPlan);
  const rows = await db.select().from(gateways).where(inArray(gateways.gwId, ids));
  const byId = new Map(rows.map((g) => [g.gwId, g]));
  const taken = await inOtherTask(db, task, 'gw', ids);
  for (const id of ids) {
    const g = byId.get(id);
    if (!g) throw new DomainError(C.GATEWAY_MISSING, `no gateway ${id}`, 'gwIDs');
    if (g.region !== region || g.subnet !== subnet)
      throw new DomainError(C.SWITCH_WRONG_PLAN, `${id} is on ${g.region}:${g.subnet}`, 'gwIDs');
    if (taken.has(id)) throw new DomainError(C.SWITCH_MEMBER_BUSY, `${id} is in another open task`, 'gwIDs');
    if (g.statInterval <= task.intervalS)
      throw new DomainError(
        C.SWITCH_INTERVAL_TOO_LONG,
        `${id} reports every ${g.statInterval} s, the task resends every ${task.intervalS} s`,
        'gwIDs',
      );
  }
  const now = Date.now();
  await db
    .insert(switchGateways)
    .values(rows.map((g) => ({ taskId: task.id, gwId: g.gwId, gwName: g.name, manual: !g.mqtt, updatedAt: now })))
    .onConflictDoNothing({ target: [switchGateways.taskId, switchGateways.gwId] })
    .catch(busy);
}

/** Why a device cannot join the task, or null. */
function deviceRefusal(d: typeof devices.$inferSelect, plan: { region: string; subnet: string }): Code | null {
  return d.region === plan.region && d.subnet === plan.subnet ? null : C.SWITCH_WRONG_PLAN;
}

/**
 * Adds devices, all or none: each must exist (4001), have the task's current plan as its own
 * subnet (17006: a device with an automatic subnet follows its gateway and is not taken), and be
 * in no other open task (17005). `lenient` (an application's devices) skips the refused ones and
 * returns them instead.
 */
export async function addDevices(
  db: Db,
  task: SwitchTaskRow,
  devEuis: string[],
  lenient = false,
): Promise<{ added: number; skipped: { devEUI: string; code: number }[] }> {
  const ids = [...new Set(devEuis)];
  const plan = parseChannelPlan(task.currentPlan);
  const rows = ids.length ? await db.select().from(devices).where(inArray(devices.devEui, ids)) : [];
  const byId = new Map(rows.map((d) => [d.devEui, d]));
  const taken = ids.length ? await inOtherTask(db, task, 'dev', ids) : new Set<string>();
  const skipped: { devEUI: string; code: number }[] = [];
  const take: (typeof devices.$inferSelect)[] = [];
  for (const id of ids) {
    const d = byId.get(id);
    const code = !d ? C.DEVICE_MISSING : taken.has(id) ? C.SWITCH_MEMBER_BUSY : deviceRefusal(d, plan);
    if (code === null && d) take.push(d);
    else if (lenient) skipped.push({ devEUI: id, code: code ?? C.DEVICE_MISSING });
    else throw new DomainError(code ?? C.DEVICE_MISSING, `${id}`, 'devEUIs');
  }
  if (take.length === 0) return { added: 0, skipped };
  const now = Date.now();
  const added = await db
    .transaction(async (tx) => {
      const rows = await tx
        .insert(switchDevices)
        .values(
          take.map((d) => ({ taskId: task.id, devEui: d.devEui, devName: d.name, appId: d.appId, updatedAt: now })),
        )
        .onConflictDoNothing({ target: [switchDevices.taskId, switchDevices.devEui] })
        .returning({ id: switchDevices.devEui });
      // A canceled task's "back to the current plan" is superseded: this task's union includes it.
      await tx
        .update(switchDevices)
        .set({ revert: false, updatedAt: now })
        .where(
          and(
            inArray(
              switchDevices.devEui,
              take.map((d) => d.devEui),
            ),
            eq(switchDevices.revert, true),
          ),
        );
      return rows.length;
    })
    .catch(busy);
  return { added, skipped };
}

/**
 * Removes devices before the switch: never told anything, the row goes; told the union, the row
 * becomes 5 canceled and the device is told its current plan again (`revert`). 17008 for a
 * device that is not a member.
 */
export async function removeDevices(db: Db, task: SwitchTaskRow, devEuis: string[]): Promise<void> {
  const ids = [...new Set(devEuis)];
  const rows = await db
    .select()
    .from(switchDevices)
    .where(and(eq(switchDevices.taskId, task.id), inArray(switchDevices.devEui, ids)));
  const missing = ids.find((id) => !rows.some((r) => r.devEui === id));
  if (missing) throw new DomainError(C.SWITCH_NOT_MEMBER, missing, 'devEUIs');
  await db.transaction(async (tx) => {
    await tx
      .delete(switchDevices)
      .where(and(eq(switchDevices.taskId, task.id), inArray(switchDevices.devEui, ids), eq(switchDevices.phase, 0)));
    await cancelDevices(tx as unknown as Db, task.id, ids);
  });
}

/** Members of a task (or these of it) that are still open become 5; those told the union revert. */
export async function cancelDevices(db: Db, taskId: number, ids?: string[]): Promise<void> {
  const now = Date.now();
  const of = and(eq(switchDevices.taskId, taskId), ids ? inArray(switchDevices.devEui, ids) : undefined);
  await db
    .update(switchDevices)
    .set({ status: 5, revert: true, nextSendAt: 0, updatedAt: now })
    .where(and(of, lte(switchDevices.status, 3), ne(switchDevices.phase, 0)));
  await db
    .update(switchDevices)
    .set({ status: 5, updatedAt: now })
    .where(and(of, lte(switchDevices.status, 3)));
}
