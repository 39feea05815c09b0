import { C, type Code } from '@lns/contract/codes';
import { searchHex } from '@lns/contract/hex';
import { type AnyColumn, and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { likePrefix } from '../applications/repository';
import type { Db } from '../db/client';
import { applications, devices } from '../db/schema/devices';
import { gateways, gatewayTypes } from '../db/schema/gateways';
import { mcDevices, mcGateways } from '../db/schema/multicast';
import type { GroupRecord } from './groups';

export interface Failure {
  id: string;
  code: Code;
  reason: string;
}

type Kind = 'device' | 'gateway';
const CODES: Record<Kind, { missing: Code; here: Code; other: Code; mismatch: Code }> = {
  device: {
    missing: C.MC_DEVICE_MISSING,
    here: C.MC_DEVICE_BOUND_HERE,
    other: C.MC_DEVICE_BOUND_OTHER,
    mismatch: C.MC_DEVICE_MISMATCH,
  },
  gateway: {
    missing: C.MC_GATEWAY_MISSING,
    here: C.MC_GATEWAY_BOUND_HERE,
    other: C.MC_GATEWAY_BOUND_OTHER,
    mismatch: C.MC_GATEWAY_MISMATCH,
  },
};

/**
 * Why each of `found` (id → owner, region, current group) cannot join `group`: members belong to the
 * group's owner, share its region and are in no group yet.
 */
export function bindFailures(
  kind: Kind,
  group: GroupRecord,
  ids: string[],
  found: Map<string, { ownerId: number; region: string; mcEui: string | null }>,
): Failure[] {
  const c = CODES[kind];
  const failed: Failure[] = [];
  for (const id of ids) {
    const m = found.get(id);
    if (!m || m.ownerId !== group.ownerId) failed.push({ id, code: c.missing, reason: `${kind} missing` });
    else if (m.mcEui === group.mcEui) failed.push({ id, code: c.here, reason: `${kind} already in this group` });
    else if (m.mcEui) failed.push({ id, code: c.other, reason: `${kind} already in another group` });
    else if (m.region !== group.region)
      failed.push({
        id,
        code: c.mismatch,
        reason: `${kind} region ${m.region} differs from the group's ${group.region}`,
      });
  }
  return failed;
}

const keywordWhere = (keyword: string | undefined, idCol: AnyColumn, nameCol: AnyColumn) => {
  if (!keyword) return undefined;
  const hex = searchHex(keyword);
  const byName = sql`lower(${nameCol}) LIKE ${`%${likePrefix(keyword.toLowerCase())}`}`;
  return hex ? or(sql`${idCol} LIKE ${likePrefix(hex)}`, byName) : byName;
};

type Page = { limit: number; offset: number; orderType: 'asc' | 'desc' };

/** Member devices and gateways of groups. */
export class MemberRepository {
  constructor(private readonly db: Db) {}

  async devicesFound(ids: string[]) {
    const rows = await this.db
      .select({ id: devices.devEui, ownerId: devices.ownerId, region: devices.region, mcEui: mcDevices.mcEui })
      .from(devices)
      .leftJoin(mcDevices, eq(mcDevices.devEui, devices.devEui))
      .where(inArray(devices.devEui, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async gatewaysFound(ids: string[]) {
    const rows = await this.db
      .select({ id: gateways.gwId, ownerId: gateways.ownerId, region: gateways.region, mcEui: mcGateways.mcEui })
      .from(gateways)
      .leftJoin(mcGateways, eq(mcGateways.gwId, gateways.gwId))
      .where(inArray(gateways.gwId, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async deviceCount(mcEUI: string): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(mcDevices).where(eq(mcDevices.mcEui, mcEUI));
    return Number(r?.n ?? 0);
  }

  /** Binds devices; returns false when the group would exceed `max` (checked under a lock on the group). */
  async bindDevices(group: GroupRecord, ids: string[], max: number): Promise<boolean> {
    const now = Date.now();
    const state = group.enableRemote ? 'pending' : 'manual';
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT mc_eui FROM mc_groups WHERE mc_eui = ${group.mcEui} FOR UPDATE`);
      const [r] = await tx.select({ n: count() }).from(mcDevices).where(eq(mcDevices.mcEui, group.mcEui));
      if (Number(r?.n ?? 0) + ids.length > max) return false;
      await tx
        .insert(mcDevices)
        .values(
          ids.map((devEui) => ({ devEui, mcEui: group.mcEui, syncState: state, createdAt: now, updatedAt: now })),
        );
      return true;
    });
  }

  async bindGateways(group: GroupRecord, ids: string[]): Promise<void> {
    const now = Date.now();
    await this.db.insert(mcGateways).values(ids.map((gwId) => ({ gwId, mcEui: group.mcEui, createdAt: now })));
  }

  /** Which of `ids` are members of the group. */
  async membersAmong(kind: Kind, mcEUI: string, ids: string[]): Promise<Set<string>> {
    const rows =
      kind === 'device'
        ? await this.db
            .select({ id: mcDevices.devEui })
            .from(mcDevices)
            .where(and(eq(mcDevices.mcEui, mcEUI), inArray(mcDevices.devEui, ids)))
        : await this.db
            .select({ id: mcGateways.gwId })
            .from(mcGateways)
            .where(and(eq(mcGateways.mcEui, mcEUI), inArray(mcGateways.gwId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async unbind(kind: Kind, mcEUI: string, ids: string[]): Promise<void> {
    if (kind === 'device')
      await this.db.delete(mcDevices).where(and(eq(mcDevices.mcEui, mcEUI), inArray(mcDevices.devEui, ids)));
    else await this.db.delete(mcGateways).where(and(eq(mcGateways.mcEui, mcEUI), inArray(mcGateways.gwId, ids)));
  }

  async deviceList(mcEUI: string, p: Page & { orderBy?: 'createtime' | 'devEUI' | 'devName'; joined?: boolean }) {
    const where = and(
      eq(mcDevices.mcEui, mcEUI),
      p.joined === undefined
        ? undefined
        : p.joined
          ? eq(mcDevices.syncState, 'joined')
          : sql`${mcDevices.syncState} <> 'joined'`,
    );
    const col = { createtime: mcDevices.createdAt, devEUI: mcDevices.devEui, devName: devices.name }[
      p.orderBy ?? 'createtime'
    ];
    const rows = await this.db
      .select({
        member: mcDevices,
        devName: devices.name,
        appID: devices.appId,
        appName: applications.name,
        region: devices.region,
        class: devices.class,
        lastSeen: devices.lastSeen,
      })
      .from(mcDevices)
      .innerJoin(devices, eq(devices.devEui, mcDevices.devEui))
      .innerJoin(applications, eq(applications.id, devices.appId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(mcDevices.devEui))
      .limit(p.limit)
      .offset(p.offset);
    const [r] = await this.db.select({ n: count() }).from(mcDevices).where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }

  async availableDevices(group: GroupRecord, p: Page & { keyword?: string }) {
    const where = and(
      eq(devices.ownerId, group.ownerId),
      eq(devices.region, group.region),
      isNull(mcDevices.devEui),
      keywordWhere(p.keyword, devices.devEui, devices.name),
    );
    const base = () =>
      this.db
        .select({
          devEUI: devices.devEui,
          devName: devices.name,
          appName: applications.name,
          region: devices.region,
          class: devices.class,
        })
        .from(devices)
        .innerJoin(applications, eq(applications.id, devices.appId))
        .leftJoin(mcDevices, eq(mcDevices.devEui, devices.devEui))
        .where(where);
    const rows = await base()
      .orderBy(p.orderType === 'asc' ? asc(devices.createdAt) : desc(devices.createdAt), asc(devices.devEui))
      .limit(p.limit)
      .offset(p.offset);
    const [r] = await this.db
      .select({ n: count() })
      .from(devices)
      .leftJoin(mcDevices, eq(mcDevices.devEui, devices.devEui))
      .where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }

  private gatewayColumns() {
    return {
      gwID: gateways.gwId,
      gwName: gateways.name,
      gwType: gatewayTypes.name,
      region: gateways.region,
      online: gateways.online,
      enableClassB: gateways.enableClassB,
      enableClassC: gateways.enableClassC,
      lastSeen: gateways.lastSeen,
    };
  }

  async gatewayList(
    mcEUI: string,
    p: Page & { orderBy?: 'createtime' | 'gwID' | 'gwName'; regions?: string[]; gwTypes?: string[]; online?: boolean },
  ) {
    const where = and(
      eq(mcGateways.mcEui, mcEUI),
      p.regions?.length ? inArray(gateways.region, p.regions) : undefined,
      p.gwTypes?.length
        ? inArray(
            sql`lower(${gatewayTypes.name})`,
            p.gwTypes.map((t) => t.toLowerCase()),
          )
        : undefined,
      p.online === undefined ? undefined : eq(gateways.online, p.online),
    );
    const col = { createtime: mcGateways.createdAt, gwID: mcGateways.gwId, gwName: gateways.name }[
      p.orderBy ?? 'createtime'
    ];
    const rows = await this.db
      .select({ ...this.gatewayColumns(), createtime: mcGateways.createdAt })
      .from(mcGateways)
      .innerJoin(gateways, eq(gateways.gwId, mcGateways.gwId))
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(mcGateways.gwId))
      .limit(p.limit)
      .offset(p.offset);
    const [r] = await this.db
      .select({ n: count() })
      .from(mcGateways)
      .innerJoin(gateways, eq(gateways.gwId, mcGateways.gwId))
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }

  async availableGateways(group: GroupRecord, p: Page & { keyword?: string }) {
    const where = and(
      eq(gateways.ownerId, group.ownerId),
      eq(gateways.region, group.region),
      isNull(mcGateways.gwId),
      keywordWhere(p.keyword, gateways.gwId, gateways.name),
    );
    const rows = await this.db
      .select(this.gatewayColumns())
      .from(gateways)
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .leftJoin(mcGateways, eq(mcGateways.gwId, gateways.gwId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(gateways.createdAt) : desc(gateways.createdAt), asc(gateways.gwId))
      .limit(p.limit)
      .offset(p.offset);
    const [r] = await this.db
      .select({ n: count() })
      .from(gateways)
      .leftJoin(mcGateways, eq(mcGateways.gwId, gateways.gwId))
      .where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }
}
