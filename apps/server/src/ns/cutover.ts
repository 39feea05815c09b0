import { parseChannelPlan } from '@lns/contract/subnet-switch';
import type { AdrTarget } from '@lns/lorawan/adr';
import { type CutoverStep, cutoverAnswered, cutoverCommands } from '@lns/lorawan/cutover';
import type { MacCommand } from '@lns/lorawan/mac';
import { getRegion, getSubnet } from '@lns/lorawan/regions';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { switchDevices, switchTasks } from '../db/schema/subnet-switch';
import type { Stage } from './stage';

/*
 * Subnet cutover, data-plane side (docs/product/subnet-cutover.md): a member device's channel-plan
 * request rides on its class A downlink like any MAC answer, and its LinkADRAns / NewChannelAns
 * move its member row on.
 */

type MemberRow = typeof switchDevices.$inferSelect;
export interface CutoverMember {
  m: MemberRow;
  intervalS: number;
  switched: boolean;
  taskOpen: boolean;
  currentPlan: string;
  nextPlan: string;
}

/** The cutover rows of these devices: open members of open tasks, and those still to revert. */
export async function cutoverMembers(dp: Pick<Stage, 'db' | 'cutover'>, devEuis: string[]) {
  const out = new Map<string, CutoverMember>();
  if (!dp.cutover.active || devEuis.length === 0) return out;
  const rows = await dp.db
    .select({ m: switchDevices, t: switchTasks })
    .from(switchDevices)
    .innerJoin(switchTasks, eq(switchTasks.id, switchDevices.taskId))
    .where(
      and(
        inArray(switchDevices.devEui, devEuis),
        or(and(lte(switchDevices.status, 3), lte(switchTasks.status, 3)), eq(switchDevices.revert, true)),
      ),
    );
  for (const { m, t } of rows) {
    const c = {
      m,
      intervalS: t.intervalS,
      switched: t.switchedAt !== null,
      taskOpen: t.status <= 3,
      currentPlan: t.currentPlan,
      nextPlan: t.nextPlan,
    };
    // An open task wins over an old revert (its union includes the current plan).
    if (!out.has(m.devEui) || c.taskOpen) out.set(m.devEui, c);
  }
  return out;
}

const PHASE: Record<CutoverStep, number> = { union: 1, next: 2, current: 3 };

/** What one uplink does to a member: the answer it carries, the row after it, the commands to send. */
export interface CutoverDecision {
  c: CutoverMember;
  patch: Partial<MemberRow>;
  commands: MacCommand[];
}

/**
 * Reads the answer (if the device had been asked), then decides whether a request goes out now:
 * due after `interval`, or at once when the device just confirmed a step and the next one waits.
 */
export function decideCutover(
  c: CutoverMember,
  macIn: readonly MacCommand[],
  now: number,
  t: AdrTarget,
): CutoverDecision {
  const { m } = c;
  const patch: Partial<MemberRow> = {};
  let { status, revert } = m;
  const ans = m.phase > 0 ? cutoverAnswered(macIn) : null;
  if (ans === false) {
    patch.error = 'the device refused the channel plan (LinkADRAns/NewChannelAns)';
    if (revert) revert = false;
    else status = 6;
  } else if (ans) {
    if (m.phase === 1 && status < 3) status = 3;
    else if (m.phase === 2) status = 4;
    else if (m.phase === 3) revert = false;
  }
  let step: CutoverStep | null = null;
  if (revert) step = 'current';
  else if (c.taskOpen && !c.switched && status <= 2) step = 'union';
  else if (c.taskOpen && c.switched && status <= 3) step = 'next';
  const fresh = ans === true && step !== null && PHASE[step] !== m.phase;
  let commands: MacCommand[] = [];
  if (step && (m.nextSendAt <= now || fresh)) {
    const { region, subnet } = parseChannelPlan(c.currentPlan);
    const r = getRegion(region);
    commands = cutoverCommands(r, getSubnet(r, subnet), getSubnet(r, parseChannelPlan(c.nextPlan).subnet), step, t);
    Object.assign(patch, {
      phase: PHASE[step],
      nextSendAt: now + c.intervalS * 1000,
      lastSentAt: now,
      triggerCount: m.triggerCount + 1,
    });
    if (status === 1) status = 2;
  }
  if (status !== m.status) patch.status = status;
  if (revert !== m.revert) patch.revert = revert;
  return { c, patch, commands };
}

/** Stores the member's new state (unless a cancel or the runner changed it meanwhile) and counts the send. */
export async function saveCutover(dp: Pick<Stage, 'db'>, d: CutoverDecision, now: number): Promise<void> {
  if (Object.keys(d.patch).length === 0) return;
  const { m } = d.c;
  const [hit] = await dp.db
    .update(switchDevices)
    .set({ ...d.patch, updatedAt: now })
    .where(
      and(
        eq(switchDevices.taskId, m.taskId),
        eq(switchDevices.devEui, m.devEui),
        eq(switchDevices.status, m.status),
        eq(switchDevices.revert, m.revert),
      ),
    )
    .returning({ id: switchDevices.taskId });
  if (hit && d.commands.length > 0)
    await dp.db
      .update(switchTasks)
      .set({ triggerCount: sql`${switchTasks.triggerCount} + 1` })
      .where(eq(switchTasks.id, m.taskId));
}
