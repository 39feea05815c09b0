import { C } from '@lns/contract/codes';
import { getRegion } from '@lns/lorawan/regions';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { fuotaDevices, fuotaTasks } from '../db/schema/fuota';
import { mcGateways } from '../db/schema/multicast';
import { DomainError } from '../errors';
import type { GroupRecord } from '../multicast/groups';
import { type FragmentPlan, planFragments } from './plan';

export interface FuotaTaskInput {
  group: GroupRecord;
  ownerId: number;
  firmwareName: string;
  oldVersion: string;
  newVersion: string;
  image: Buffer;
  redundancyPercent: number;
  /** The devices that take part: they get the unicast setup and delete; the fragments go to the whole group. */
  devEUIs: string[];
}

/**
 * Writes a FUOTA transfer task (state 0) with its devices; the runner takes it from there. The
 * one way a transfer starts: /api/fuota/create (every member) and relay firmware tasks (the
 * relays of the group). `db` may be a transaction the caller holds. 14016 without devices, 14017
 * when the group has no gateway, 16001 while the group has a running task.
 */
export async function createFuotaTask(db: Db, t: FuotaTaskInput): Promise<{ fdID: number; plan: FragmentPlan }> {
  if (t.devEUIs.length === 0) throw new DomainError(C.MC_DEVICE_MISSING, 'the group has no devices', 'mcEUI');
  const gws = await db.select({ g: mcGateways.gwId }).from(mcGateways).where(eq(mcGateways.mcEui, t.group.mcEui));
  if (gws.length === 0) throw new DomainError(C.MC_GATEWAY_MISSING, 'the group has no gateways', 'mcEUI');
  const plan = planFragments(getRegion(t.group.region), t.image, t.redundancyPercent);
  const now = Date.now();
  const fdID = await db
    .transaction(async (tx) => {
      const [task] = await tx
        .insert(fuotaTasks)
        .values({
          mcEui: t.group.mcEui,
          ownerId: t.ownerId,
          firmwareName: t.firmwareName,
          oldVersion: t.oldVersion,
          newVersion: t.newVersion,
          digest: plan.digest,
          payload: t.image,
          payloadSize: t.image.length,
          redundancyPercent: t.redundancyPercent,
          fragSize: plan.fragSize,
          nbFrag: plan.nbFrag,
          padding: plan.padding,
          redundancy: plan.redundancy,
          nextStepTime: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ fdId: fuotaTasks.fdId });
      await tx.insert(fuotaDevices).values(t.devEUIs.map((devEui) => ({ fdId: task!.fdId, devEui, updatedAt: now })));
      return task!.fdId;
    })
    .catch((err) => {
      if (uniqueViolation(err)) throw new DomainError(C.FUOTA_TASK_EXISTS, 'the group has a running task', 'mcEUI');
      throw err;
    });
  return { fdID, plan };
}
