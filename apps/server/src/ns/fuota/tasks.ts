import { FUOTA_DEVICE_STATE as D, FUOTA, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuotaDevices, fuotaTasks } from '../../db/schema/fuota';
import { enqueueDownlink } from '../downlink/queue';
import { STATUS_SQL as St } from '../downlink/status-sql';
import type { Stage } from '../stage';

/** A task as the runner reads it each step: without its image (fetched once, when fragments are built). */
export type TaskRecord = Omit<typeof fuotaTasks.$inferSelect, 'payload'>;
const { payload: _payload, ...taskColumns } = getTableColumns(fuotaTasks);
export type DeviceRecord = typeof fuotaDevices.$inferSelect;

/** How long an instance holds a task while it runs one step (another takes it over after a crash). */
export const LEASE_MS = 30_000;

/** Takes the most overdue task no other instance holds, or none. */
export async function claimDueTask(db: Db, now: number): Promise<TaskRecord | undefined> {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE fuota_tasks SET lease_until = ${now + LEASE_MS}
      WHERE fd_id = (
        SELECT fd_id FROM fuota_tasks
        WHERE state < ${S.DONE} AND next_step_time <= ${now} AND lease_until < ${now}
        ORDER BY next_step_time LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING fd_id`),
  );
  if (!rows[0]) return undefined;
  const [task] = await db
    .select(taskColumns)
    .from(fuotaTasks)
    .where(eq(fuotaTasks.fdId, Number(rows[0].fd_id)));
  return task;
}

/** The image of a task. */
export async function imageOf(db: Db, fdId: number): Promise<Uint8Array> {
  const [row] = await db.select({ payload: fuotaTasks.payload }).from(fuotaTasks).where(eq(fuotaTasks.fdId, fdId));
  return new Uint8Array(row?.payload ?? []);
}

/** When the next running task is due (undefined: none runs). */
export async function nextDueTime(db: Db): Promise<number | undefined> {
  const [r] = rowsOf(
    await db.execute(
      sql`SELECT min(greatest(next_step_time, lease_until)) AS t FROM fuota_tasks WHERE state < ${S.DONE}`,
    ),
  );
  return r?.t === null || r?.t === undefined ? undefined : Number(r.t);
}

/**
 * Saves a step's outcome and lets the task go, only if it is still in the state the step read:
 * an abort meanwhile wins. Returns whether it was saved.
 */
export async function saveStep(db: Db, task: TaskRecord, set: Partial<TaskRecord>): Promise<boolean> {
  const now = Date.now();
  const rows = await db
    .update(fuotaTasks)
    .set({ ...set, leaseUntil: 0, updatedAt: now, ...(set.state === S.DONE && { finishedAt: now }) })
    .where(and(eq(fuotaTasks.fdId, task.fdId), eq(fuotaTasks.state, task.state)))
    .returning({ id: fuotaTasks.fdId });
  return rows.length > 0;
}

/** Moves the task to a state whose step starts from scratch (`stepEnds` null = not entered yet). */
export const enterState = (db: Db, task: TaskRecord, state: number, extra: Partial<TaskRecord> = {}) =>
  saveStep(db, task, { state, stepEnds: null, nextStepTime: Date.now(), ...extra });

export async function devicesOf(db: Db, fdId: number): Promise<DeviceRecord[]> {
  return db.select().from(fuotaDevices).where(eq(fuotaDevices.fdId, fdId));
}

export async function setDevices(db: Db, fdId: number, devEUIs: string[], set: Partial<DeviceRecord>): Promise<void> {
  if (devEUIs.length === 0) return;
  await db
    .update(fuotaDevices)
    .set({ ...set, updatedAt: Date.now() })
    .where(and(eq(fuotaDevices.fdId, fdId), inArray(fuotaDevices.devEui, devEUIs)));
}

/** Devices still waiting for an answer: in `state`, without an error. */
export const waiting = (devices: DeviceRecord[], state: number) =>
  devices.filter((d) => d.state === state && d.errorMessage === null);

/** Devices that hold the fragmentation session (they answered the setup). */
export const tookPart = (d: DeviceRecord) => d.state >= D.FRAG_SESSION_SETUP_ANS && d.state < D.FRAG_SESS_DEL_ANS;

/** Sends a TS004 request to one device as an ordinary downlink on FPort 201. */
export async function sendToDevice(dp: Stage, devEUI: string, cmd: Ts004Command): Promise<void> {
  await enqueueDownlink(dp, { devEUI, fPort: FUOTA.port, data: ts004.encode(cmd).toString('hex'), confirmed: false });
}

/** Devices among these with a TS004 request still in their queue (it has not left yet). */
export async function stillQueued(db: Db, devEUIs: string[]): Promise<Set<string>> {
  if (devEUIs.length === 0) return new Set();
  const rows = rowsOf(
    await db.execute(sql`
      SELECT DISTINCT dev_eui FROM downlinks
      WHERE f_port = ${FUOTA.port} AND status = ${St.ENQUEUED}
        AND dev_eui IN (SELECT unnest(${`{${devEUIs.join(',')}}`}::text[]))`),
  );
  return new Set(rows.map((r) => String(r.dev_eui)));
}

/** Tasks whose devices may answer now: the one each of these devices is in, while it runs. */
export async function runningTasksOf(db: Db, devEUIs: string[]): Promise<{ task: TaskRecord; device: DeviceRecord }[]> {
  if (devEUIs.length === 0) return [];
  return db
    .select({ task: fuotaTasks, device: fuotaDevices })
    .from(fuotaDevices)
    .innerJoin(fuotaTasks, eq(fuotaTasks.fdId, fuotaDevices.fdId))
    .where(and(inArray(fuotaDevices.devEui, devEUIs), lt(fuotaTasks.state, S.DONE)));
}
