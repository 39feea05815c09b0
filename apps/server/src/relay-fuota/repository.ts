import type { ProductType } from '@lns/contract/applications';
import { FUOTA_DEVICE_STATE as D, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import type { RelayFuotaRow } from '@lns/contract/relay-api';
import { type AnyColumn, and, asc, count, desc, eq, gt, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { fuotaDevices, fuotaTasks } from '../db/schema/fuota';
import { mcDevices, mcGroups } from '../db/schema/multicast';
import { relayDevices } from '../db/schema/relay';
import { relayFuotaDevices, relayFuotaTasks } from '../db/schema/relay-fuota';
import { dotted } from '../relay/views';
import { timeProgress } from './estimate';

const RELAY: ProductType = 'rhf3mr01';
const RUN_DELETED = 'the FUOTA run was deleted';
const r = relayFuotaTasks;
const run = fuotaTasks;
const rd = relayFuotaDevices;
const fd = fuotaDevices;
const n = (v: number) => sql.raw(String(v));

/**
 * A task's state from its latest run (docs/product/relay.md): waiting before the first run, then
 * upgrading while the run goes on, completed when it ended without an error, error otherwise
 * (aborted, no relay answered, the run deleted from the FUOTA list).
 */
const taskState = sql<number>`(CASE WHEN ${r.fuotaTaskId} IS NULL THEN ${r.state}
  WHEN ${run.fdId} IS NULL THEN ${n(R.ERROR)}
  WHEN ${run.state} < ${n(S.DONE)} THEN ${n(R.UPGRADING)}
  WHEN ${run.errorMessage} IS NULL THEN ${n(R.COMPLETED)}
  ELSE ${n(R.ERROR)} END)::int`;
const taskError = sql<string | null>`(CASE WHEN ${r.fuotaTaskId} IS NOT NULL AND ${run.fdId} IS NULL
  THEN ${RUN_DELETED} ELSE ${run.errorMessage} END)`;

/** A relay's state in a task: from its row in the run it was last in. */
const relayState = sql<number | null>`(CASE WHEN ${rd.fdId} IS NULL THEN NULL
  WHEN ${rd.fuotaTaskId} IS NULL THEN ${n(R.WAITING)}
  WHEN ${fd.devEui} IS NULL THEN ${n(R.ERROR)}
  WHEN ${fd.state} = ${n(D.DONE)} THEN ${n(R.COMPLETED)}
  WHEN ${fd.errorMessage} IS NOT NULL OR ${run.state} = ${n(S.DONE)} THEN ${n(R.ERROR)}
  ELSE ${n(R.UPGRADING)} END)::int`;
const relayError = sql<
  string | null
>`(CASE WHEN ${rd.fuotaTaskId} IS NOT NULL AND ${fd.devEui} IS NULL THEN ${RUN_DELETED}
  WHEN ${fd.state} = ${n(D.DONE)} THEN NULL
  ELSE coalesce(${fd.errorMessage}, ${run.errorMessage}) END)`;

// Written out: Drizzle leaves column names unqualified in a one-table select, ambiguous in here.
const relayNums = sql<number>`(SELECT count(*) FROM mc_devices md INNER JOIN devices d ON d.dev_eui = md.dev_eui
  WHERE md.mc_eui = mc_groups.mc_eui AND d.product_type = ${RELAY})::int`;

const TASK_ORDER = { createtime: r.createdAt, firmwareName: r.firmwareName, state: taskState } as const;
type Page = { limit?: number; offset: number; orderType: 'asc' | 'desc' };
const order = (p: Page, col: AnyColumn | SQLWrapper) => (p.orderType === 'asc' ? asc(col) : desc(col));

/** Relay firmware tasks, the groups holding relays, and the relays of a group, as the lists show them. */
export class RelayFuotaRepository {
  constructor(private readonly db: Db) {}

  async tasks(
    p: Page & { orderBy?: keyof typeof TASK_ORDER; state?: number; fdID?: number },
    now = Date.now(),
  ): Promise<{ rows: RelayFuotaRow[]; amount: number }> {
    const where = and(
      p.state === undefined ? undefined : sql`${taskState} = ${p.state}`,
      p.fdID ? eq(r.fdId, p.fdID) : undefined,
    );
    const q = this.db
      .select({
        t: {
          fdId: r.fdId,
          firmwareName: r.firmwareName,
          srcFwVersion: r.srcFwVersion,
          destFwVersion: r.destFwVersion,
          redundancyPercent: r.redundancyPercent,
          mcEui: r.mcEui,
          enableTime: r.enableTime,
          expectEndTime: r.expectEndTime,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        },
        mcName: mcGroups.name,
        state: taskState,
        errorMessage: taskError,
        finishedAt: run.finishedAt,
      })
      .from(r)
      .leftJoin(run, eq(run.fdId, r.fuotaTaskId))
      .leftJoin(mcGroups, eq(mcGroups.mcEui, r.mcEui))
      .where(where)
      .orderBy(order(p, TASK_ORDER[p.orderBy ?? 'createtime']), desc(r.fdId))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [c] = await this.db.select({ n: count() }).from(r).leftJoin(run, eq(run.fdId, r.fuotaTaskId)).where(where);
    return {
      amount: Number(c?.n ?? 0),
      rows: rows.map(({ t, ...x }) => {
        // An ended run is measured at its end; a running one now.
        const at = x.finishedAt ?? now;
        return {
          fdID: t.fdId,
          firmwareName: t.firmwareName,
          srcFwVersion: t.srcFwVersion,
          destFwVersion: t.destFwVersion,
          redundancyPercent: t.redundancyPercent,
          mcEUI: t.mcEui,
          mcName: x.mcName,
          state: x.state,
          progress: timeProgress({ ...t, state: x.state }, at),
          enableTime: t.enableTime,
          expectendtime: t.expectEndTime,
          durationtime: t.enableTime === null ? null : Math.max(0, Math.floor((at - t.enableTime) / 1000)),
          errorMessage: x.errorMessage,
          createtime: t.createdAt,
          updatetime: t.updatedAt,
        };
      }),
    };
  }

  async task(fdID: number): Promise<RelayFuotaRow | undefined> {
    return (await this.tasks({ offset: 0, orderType: 'desc', fdID })).rows[0];
  }

  /** Multicast groups holding at least one relay. */
  async groups(p: Page & { orderBy?: 'mcName' }) {
    const where = gt(relayNums, 0);
    const q = this.db
      .select({ mcEUI: mcGroups.mcEui, mcName: mcGroups.name, region: mcGroups.region, relayNums })
      .from(mcGroups)
      .where(where)
      .orderBy(p.orderBy === 'mcName' ? order(p, mcGroups.name) : asc(mcGroups.name), asc(mcGroups.mcEui))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [c] = await this.db.select({ n: count() }).from(mcGroups).where(where);
    return { rows, amount: Number(c?.n ?? 0) };
  }

  /** The relays in a group now. */
  async relaysOf(mcEUI: string): Promise<string[]> {
    const rows = await this.db
      .select({ d: mcDevices.devEui })
      .from(mcDevices)
      .innerJoin(devices, eq(devices.devEui, mcDevices.devEui))
      .where(and(eq(mcDevices.mcEui, mcEUI), eq(devices.productType, RELAY)));
    return rows.map((x) => x.d);
  }

  /** The relays in a group with the firmware they last reported and their state in task `fdID` (null outside it). */
  async groupRelays(p: Page & { mcEUI: string; fdID?: number; orderBy?: 'devEUI' }) {
    const where = and(eq(mcDevices.mcEui, p.mcEUI), eq(devices.productType, RELAY));
    const q = this.db
      .select({
        devEUI: mcDevices.devEui,
        devName: devices.name,
        srcFwVersion: relayDevices.srcFwVersion,
        state: relayState,
        errorMessage: relayError,
        updatetime: sql<number | null>`coalesce(${fd.updatedAt}, ${rd.updatedAt})`,
      })
      .from(mcDevices)
      .innerJoin(devices, eq(devices.devEui, mcDevices.devEui))
      .leftJoin(rd, and(eq(rd.devEui, mcDevices.devEui), eq(rd.fdId, p.fdID ?? 0)))
      .leftJoin(fd, and(eq(fd.fdId, rd.fuotaTaskId), eq(fd.devEui, rd.devEui)))
      .leftJoin(run, eq(run.fdId, rd.fuotaTaskId))
      .leftJoin(relayDevices, eq(relayDevices.devEui, mcDevices.devEui))
      .where(where)
      .orderBy(order(p, mcDevices.devEui))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [c] = await this.db
      .select({ n: count() })
      .from(mcDevices)
      .innerJoin(devices, eq(devices.devEui, mcDevices.devEui))
      .where(where);
    return {
      rows: rows.map(({ srcFwVersion, ...x }) => ({
        ...x,
        fwVersion: dotted(srcFwVersion),
        updatetime: x.updatetime === null ? null : Number(x.updatetime),
      })),
      amount: Number(c?.n ?? 0),
    };
  }
}
