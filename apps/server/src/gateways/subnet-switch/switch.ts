import { parseChannelPlan } from '@lns/contract/subnet-switch';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { switchDevices, switchGateways, switchTasks } from '../../db/schema/subnet-switch';
import type { SwitchTaskRow } from './repository';

/**
 * The switch, in one transaction: the task is marked switched only if it is still open (a cancel
 * that came first wins), the member gateways and devices get the next plan as their subnet (from
 * then on join accepts, RX windows and ADR use it), agent gateways wait for their configuration
 * push (status 2) and the others are moved in the database and marked manual (status 4), and
 * every open device is due for the next plan's request at its next uplink.
 */
export async function switchOver(db: Db, task: SwitchTaskRow): Promise<SwitchTaskRow | null> {
  const { region, subnet } = parseChannelPlan(task.nextPlan);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [switched] = await tx
      .update(switchTasks)
      .set({ switchedAt: now, updatedAt: now })
      .where(and(eq(switchTasks.id, task.id), lte(switchTasks.status, 3), isNull(switchTasks.switchedAt)))
      .returning();
    if (!switched) return null;
    const gws = await tx
      .select({ gwId: switchGateways.gwId, manual: switchGateways.manual })
      .from(switchGateways)
      .where(and(eq(switchGateways.taskId, task.id), eq(switchGateways.status, 1)));
    if (gws.length)
      await tx
        .update(gateways)
        .set({ region, subnet, updatedAt: now })
        .where(
          inArray(
            gateways.gwId,
            gws.map((g) => g.gwId),
          ),
        );
    const manual = gws.filter((g) => g.manual).map((g) => g.gwId);
    if (manual.length)
      await tx
        .update(switchGateways)
        .set({
          status: 4,
          error: `no agent: install the packet-forwarder configuration of ${task.nextPlan} on the gateway by hand`,
          updatedAt: now,
        })
        .where(and(eq(switchGateways.taskId, task.id), inArray(switchGateways.gwId, manual)));
    await tx
      .update(switchGateways)
      .set({ status: 2, nextAt: 0, updatedAt: now })
      .where(and(eq(switchGateways.taskId, task.id), eq(switchGateways.status, 1)));
    const open = and(eq(switchDevices.taskId, task.id), lte(switchDevices.status, 3));
    const devs = await tx.select({ devEui: switchDevices.devEui }).from(switchDevices).where(open);
    if (devs.length)
      await tx
        .update(devices)
        .set({ region, subnet, updatedAt: now })
        .where(
          inArray(
            devices.devEui,
            devs.map((d) => d.devEui),
          ),
        );
    await tx.update(switchDevices).set({ nextSendAt: 0, updatedAt: now }).where(open);
    return switched;
  });
}
