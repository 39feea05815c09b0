import { createHash } from 'node:crypto';
import { C } from '@lns/contract/codes';
import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import { getRegion } from '@lns/lorawan/regions';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mcGroups } from '../db/schema/multicast';
import { relayFuotaDevices, relayFuotaTasks } from '../db/schema/relay-fuota';
import { DomainError } from '../errors';
import { createFuotaTask } from '../fuota/create';
import type { GroupRecord } from '../multicast/groups';
import { transferEstimateMs } from './estimate';
import { RelayFuotaRepository } from './repository';

export interface RelayTaskInput {
  group: GroupRecord;
  ownerId: number;
  firmwareName: string;
  srcFwVersion: string;
  destFwVersion: string;
  redundancyPercent: number;
  image: Buffer;
}

/** A waiting task (state 0) for the relays in the group now; 18006 when it holds none. */
export async function createRelayTask(db: Db, t: RelayTaskInput): Promise<number> {
  const relays = await new RelayFuotaRepository(db).relaysOf(t.group.mcEui);
  if (relays.length === 0) throw new DomainError(C.RELAY_GROUP_NO_RELAY, undefined, 'mcEUI');
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(relayFuotaTasks)
      .values({
        mcEui: t.group.mcEui,
        ownerId: t.ownerId,
        firmwareName: t.firmwareName,
        srcFwVersion: t.srcFwVersion,
        destFwVersion: t.destFwVersion,
        redundancyPercent: t.redundancyPercent,
        digest: createHash('sha256').update(t.image).digest('hex'),
        payload: t.image,
        payloadSize: t.image.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ fdId: relayFuotaTasks.fdId });
    await tx.insert(relayFuotaDevices).values(relays.map((devEui) => ({ fdId: row!.fdId, devEui, updatedAt: now })));
    return row!.fdId;
  });
}

/** Which task states a start accepts: enable only a waiting one, recompose one that is not running. */
export type StartKind = 'enable' | 'recompose';

/**
 * Starts a run of the task: a FUOTA transfer task (the one way transfers start, fuota/create.ts)
 * for the relays in the group now, or only `chosen` of them. The relays left out keep the state of
 * their earlier run. 16004 unknown task, 16002 running, 16003 (enable) ended, 14001 group gone,
 * 18006 no relay, 14016 a chosen device that is not a relay of the group; and the transfer's own
 * refusals (14017 no gateway, 16001 another transfer runs on the group).
 */
export async function startRun(
  db: Db,
  config: Pick<Config, 'FUOTA_FRAGMENT_INTERVAL_MS' | 'FUOTA_ANSWER_WAIT_S'>,
  s: { fdID: number; ownerId: number; kind: StartKind; chosen?: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two starts at once: the second waits here and then sees the first one's run.
    await tx.execute(sql`SELECT fd_id FROM relay_fuota_tasks WHERE fd_id = ${s.fdID} FOR UPDATE`);
    const repo = new RelayFuotaRepository(tx);
    const shown = await repo.task(s.fdID);
    if (!shown) throw new DomainError(C.FUOTA_TASK_MISSING, undefined, 'fdID');
    if (shown.state === R.UPGRADING) throw new DomainError(C.FUOTA_TASK_RUNNING, undefined, 'fdID');
    if (s.kind === 'enable' && shown.state !== R.WAITING)
      throw new DomainError(C.FUOTA_TASK_FINISHED, undefined, 'fdID');
    const [task] = await tx.select().from(relayFuotaTasks).where(eq(relayFuotaTasks.fdId, s.fdID));
    const [group] = await tx.select().from(mcGroups).where(eq(mcGroups.mcEui, task!.mcEui));
    if (!group) throw new DomainError(C.MC_MISSING, 'the task’s multicast group was deleted', 'fdID');
    const relays = await repo.relaysOf(group.mcEui);
    if (relays.length === 0) throw new DomainError(C.RELAY_GROUP_NO_RELAY, undefined, 'fdID');
    const chosen = s.chosen ? [...new Set(s.chosen)] : relays;
    const stranger = chosen.find((d) => !relays.includes(d));
    if (stranger) throw new DomainError(C.MC_DEVICE_MISSING, `${stranger} is not a relay of the group`, 'devEUIs');

    const { fdID: runId, plan } = await createFuotaTask(tx, {
      group,
      ownerId: s.ownerId,
      firmwareName: task!.firmwareName,
      oldVersion: task!.srcFwVersion,
      newVersion: task!.destFwVersion,
      image: task!.payload,
      redundancyPercent: task!.redundancyPercent,
      devEUIs: chosen,
    });
    const now = Date.now();
    const expect = now + transferEstimateMs(getRegion(group.region), plan, config, group.enableRemote);
    await tx
      .update(relayFuotaTasks)
      .set({ state: R.UPGRADING, enableTime: now, expectEndTime: expect, fuotaTaskId: runId, updatedAt: now })
      .where(eq(relayFuotaTasks.fdId, s.fdID));
    await tx
      .insert(relayFuotaDevices)
      .values(chosen.map((devEui) => ({ fdId: s.fdID, devEui, fuotaTaskId: runId, updatedAt: now })))
      .onConflictDoUpdate({
        target: [relayFuotaDevices.fdId, relayFuotaDevices.devEui],
        set: { fuotaTaskId: runId, updatedAt: now },
      });
  });
}
