import {
  FUOTA_DEVICE_STATE as D,
  type FirmwareRow,
  type FuotaDeviceRow,
  type FuotaTaskRow,
  type FuotaTaskStatus,
  fuotaProgress,
  fuotaStatusOf,
  mcUpgradeKindOf,
  FUOTA_SESSION_STATE as S,
} from '@lns/contract/fuota';
import { and, asc, count, desc, eq, gt, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/core';
import { devices } from '../db/schema/devices';
import { fuotaDevices, fuotaTasks } from '../db/schema/fuota';
import { mcGroups } from '../db/schema/multicast';

const t = fuotaTasks;
const fd = fuotaDevices;
const perTask = (cond: SQL) => sql<number>`(SELECT count(*) FROM ${fd} WHERE ${fd.fdId} = ${t.fdId} AND ${cond})::int`;
const deviceNums = perTask(sql`true`);
const doneNums = perTask(sql`${fd.state} = ${D.DONE}`);
const failedNums = perTask(sql`${fd.errorMessage} IS NOT NULL`);
const minReceived = sql<number | null>`(SELECT min(${fd.nbFragReceived}) FROM ${fd} WHERE ${fd.fdId} = ${t.fdId})`;
const maxMissing = sql<number | null>`(SELECT max(${fd.nbFragMissing}) FROM ${fd} WHERE ${fd.fdId} = ${t.fdId})`;

const TASK_ORDER = { createtime: t.createdAt, firmwareName: t.firmwareName, state: t.state } as const;
const STATUS_WHERE: Record<FuotaTaskStatus, SQL | undefined> = {
  waiting: eq(t.state, S.CREATED),
  upgrading: and(gt(t.state, S.CREATED), lt(t.state, S.DONE)),
  completed: and(eq(t.state, S.DONE), sql`${t.errorMessage} IS NULL`),
  abnormal: and(eq(t.state, S.DONE), isNotNull(t.errorMessage)),
};

const taskColumns = {
  task: {
    fdId: t.fdId,
    mcEui: t.mcEui,
    firmwareName: t.firmwareName,
    oldVersion: t.oldVersion,
    newVersion: t.newVersion,
    payloadSize: t.payloadSize,
    digest: t.digest,
    redundancyPercent: t.redundancyPercent,
    nbFrag: t.nbFrag,
    fragSize: t.fragSize,
    padding: t.padding,
    redundancy: t.redundancy,
    fragsSent: t.fragsSent,
    state: t.state,
    nextStepTime: t.nextStepTime,
    errorMessage: t.errorMessage,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    finishedAt: t.finishedAt,
  },
  mcName: sql<string>`coalesce(${mcGroups.name}, '')`,
  username: sql<string>`coalesce(${users.name}, '')`,
  deviceNums,
  doneNums,
  failedNums,
  minReceived,
  maxMissing,
};

type TaskListRow = { task: Omit<typeof t.$inferSelect, 'payload' | 'ownerId' | 'stepEnds' | 'leaseUntil'> } & {
  mcName: string;
  username: string;
  deviceNums: number;
  doneNums: number;
  failedNums: number;
  minReceived: number | null;
  maxMissing: number | null;
};

function taskRow(r: TaskListRow): FuotaTaskRow {
  const x = r.task;
  return {
    fdID: x.fdId,
    mcEUI: x.mcEui,
    mcName: r.mcName,
    firmwareName: x.firmwareName,
    oldVersion: x.oldVersion,
    newVersion: x.newVersion,
    payloadSize: x.payloadSize,
    digest: x.digest,
    redundancyPercent: x.redundancyPercent,
    nbFrag: x.nbFrag,
    fragSize: x.fragSize,
    padding: x.padding,
    redundancy: x.redundancy,
    fragsSent: x.fragsSent,
    state: x.state,
    status: fuotaStatusOf(x.state, x.errorMessage),
    kind: mcUpgradeKindOf(x.state),
    progress: fuotaProgress(x),
    deviceNums: r.deviceNums,
    doneNums: r.doneNums,
    failedNums: r.failedNums,
    nbFragReceived: r.minReceived === null ? null : Number(r.minReceived),
    nbFragMissing: r.maxMissing === null ? null : Number(r.maxMissing),
    nextStepTime: x.nextStepTime,
    error_message: x.errorMessage,
    username: r.username,
    createtime: x.createdAt,
    updatetime: x.updatedAt,
    finishtime: x.finishedAt,
  };
}

type Page = { limit?: number; offset: number; orderType: 'asc' | 'desc' };

/** Transfer tasks and their devices as the lists show them. */
export class FuotaRepository {
  constructor(private readonly db: Db) {}

  async tasks(
    p: Page & { orderBy?: keyof typeof TASK_ORDER; mcEUI?: string; status?: FuotaTaskStatus; fdID?: number },
  ): Promise<{ rows: FuotaTaskRow[]; amount: number }> {
    const where = and(
      p.mcEUI ? eq(t.mcEui, p.mcEUI) : undefined,
      p.status ? STATUS_WHERE[p.status] : undefined,
      p.fdID ? eq(t.fdId, p.fdID) : undefined,
    );
    const col = TASK_ORDER[p.orderBy ?? 'createtime'];
    const q = this.db
      .select(taskColumns)
      .from(t)
      .leftJoin(mcGroups, eq(mcGroups.mcEui, t.mcEui))
      .leftJoin(users, eq(users.id, t.ownerId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), desc(t.fdId))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [n] = await this.db.select({ n: count() }).from(t).where(where);
    return { rows: rows.map(taskRow), amount: Number(n?.n ?? 0) };
  }

  async task(fdID: number): Promise<FuotaTaskRow | undefined> {
    return (await this.tasks({ offset: 0, orderType: 'desc', fdID })).rows[0];
  }

  async devices(
    p: Page & {
      orderBy?: 'updatetime' | 'devEUI' | 'state';
      fdID?: number;
      mcEUI?: string;
      devEUI?: string;
      state?: number;
    },
  ): Promise<{ rows: FuotaDeviceRow[]; amount: number }> {
    const where = and(
      p.fdID ? eq(fd.fdId, p.fdID) : undefined,
      p.mcEUI ? eq(t.mcEui, p.mcEUI) : undefined,
      p.devEUI ? eq(fd.devEui, p.devEUI) : undefined,
      p.state !== undefined ? eq(fd.state, p.state) : undefined,
    );
    const col = { updatetime: fd.updatedAt, devEUI: fd.devEui, state: fd.state }[p.orderBy ?? 'updatetime'];
    const q = this.db
      .select({
        d: fd,
        mcEui: t.mcEui,
        firmwareName: t.firmwareName,
        oldVersion: t.oldVersion,
        newVersion: t.newVersion,
        devName: sql<string>`coalesce(${devices.name}, '')`,
      })
      .from(fd)
      .innerJoin(t, eq(t.fdId, fd.fdId))
      .leftJoin(devices, eq(devices.devEui, fd.devEui))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(fd.devEui), desc(fd.fdId))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [n] = await this.db.select({ n: count() }).from(fd).innerJoin(t, eq(t.fdId, fd.fdId)).where(where);
    return {
      rows: rows.map((r) => ({
        fdID: r.d.fdId,
        devEUI: r.d.devEui,
        devName: r.devName,
        mcEUI: r.mcEui,
        firmwareName: r.firmwareName,
        oldVersion: r.oldVersion,
        newVersion: r.newVersion,
        state: r.d.state,
        nbFragReceived: r.d.nbFragReceived,
        nbFragMissing: r.d.nbFragMissing,
        error_message: r.d.errorMessage,
        updatetime: r.d.updatedAt,
      })),
      amount: Number(n?.n ?? 0),
    };
  }

  /** Images sent so far: one row per digest and name. */
  async firmware(
    p: Page & { orderBy?: 'lasttime' | 'firmwareName' },
  ): Promise<{ rows: FirmwareRow[]; amount: number }> {
    const lasttime = sql<number>`max(${t.createdAt})`;
    const col = p.orderBy === 'firmwareName' ? t.firmwareName : lasttime;
    const q = this.db
      .select({
        firmwareName: t.firmwareName,
        digest: t.digest,
        oldVersion: sql<string>`max(${t.oldVersion})`,
        newVersion: sql<string>`max(${t.newVersion})`,
        payloadSize: sql<number>`max(${t.payloadSize})`,
        tasks: sql<number>`count(*)::int`,
        deviceNums: sql<number>`sum(${deviceNums})::int`,
        doneNums: sql<number>`sum(${doneNums})::int`,
        lasttime,
      })
      .from(t)
      .groupBy(t.firmwareName, t.digest)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(t.digest))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [n] = rowsOf(
      await this.db.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM fuota_tasks GROUP BY firmware_name, digest) x`,
      ),
    );
    return {
      rows: rows.map((r) => ({ ...r, payloadSize: Number(r.payloadSize), lasttime: Number(r.lasttime) })),
      amount: Number(n?.n ?? 0),
    };
  }
}
