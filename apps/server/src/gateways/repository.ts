import type { GatewayReport, GatewayRow } from '@lns/contract/gateways';
import { searchHex } from '@lns/contract/hex';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { newSecret } from '../auth/tokens';
import type { Db } from '../db/client';
import { ownedBy, type Viewer } from '../db/ownership';
import { users } from '../db/schema/core';
import { gateways, gatewayTags, gatewayTypes } from '../db/schema/gateways';
import type { GatewayTypeRecord } from './types-repository';

export type GatewayRecord = typeof gateways.$inferSelect;
export type GatewayValues = typeof gateways.$inferInsert;
/** A gateway without its stored report (lists never need it). */
export type GatewaySettings = Omit<GatewayRecord, 'status'>;
const { status: _status, ...settingsColumns } = getTableColumns(gateways);

// ---- Data plane: gateways by gwID (16 lowercase hex digits) -------------------------------------

export async function gatewayByGwId(db: Db, gwId: string): Promise<GatewayRecord | undefined> {
  return (await db.select().from(gateways).where(eq(gateways.gwId, gwId)).limit(1))[0];
}

export async function gatewaysByGwIds(db: Db, gwIds: readonly string[]): Promise<GatewayRecord[]> {
  if (gwIds.length === 0) return [];
  return db
    .select()
    .from(gateways)
    .where(inArray(gateways.gwId, [...gwIds]));
}

/** Marks a gateway online (with the time it was heard) or offline. False when no such gateway. */
export async function setGatewayOnline(db: Db, gwId: string, online: boolean, at = Date.now()): Promise<boolean> {
  const patch = online ? { online, lastSeen: at } : { online };
  const rows = await db.update(gateways).set(patch).where(eq(gateways.gwId, gwId)).returning({ id: gateways.gwId });
  return rows.length > 0;
}

/** A gateway was heard: online, last seen now, and over which link (MQTT or Semtech UDP). */
export async function touchGateway(db: Db, gwId: string, at = Date.now(), link?: { mqtt: boolean }): Promise<boolean> {
  const rows = await db
    .update(gateways)
    .set({ online: true, lastSeen: at, ...(link ? { mqtt: link.mqtt } : {}) })
    .where(eq(gateways.gwId, gwId))
    .returning({ id: gateways.gwId });
  return rows.length > 0;
}

/** Merges reported status (versions, network, system...) into the stored report. */
export async function mergeGatewayReport(db: Db, gwId: string, report: GatewayReport): Promise<void> {
  const patch = JSON.stringify({ ...report, updatedAt: report.updatedAt ?? Date.now() });
  await db
    .update(gateways)
    .set({ status: sql`${gateways.status} || ${patch}::jsonb` })
    .where(eq(gateways.gwId, gwId));
}

/** A GPS fix the gateway reported (WGS-84, so shown on the Google map type unless one is set). */
export async function setGatewayLocation(
  db: Db,
  gwId: string,
  loc: { latitude: number; longitude: number; altitude?: number },
): Promise<void> {
  await db
    .update(gateways)
    .set({
      latitude: loc.latitude,
      longitude: loc.longitude,
      altitude: loc.altitude ?? null,
      mapType: sql`coalesce(${gateways.mapType}, 'google')`,
    })
    .where(eq(gateways.gwId, gwId));
}

// ---- Console ------------------------------------------------------------------------------------

const ORDER = {
  gwID: gateways.gwId,
  gwName: gateways.name,
  region: gateways.region,
  subnet: gateways.subnet,
  gwType: sql`(select ${gatewayTypes.name} from ${gatewayTypes} where ${gatewayTypes.id} = ${gateways.gwTypeId})`,
  online: gateways.online,
  lastSeen: gateways.lastSeen,
  txPower: gateways.txPower,
  createtime: gateways.createdAt,
  updatetime: gateways.updatedAt,
} as const;

export interface GatewayFilter {
  /** Whose gateways: an admin's view holds every owner's. */
  viewer: Viewer;
  regions?: string[];
  gwTypes?: string[];
  online?: boolean;
  tagsId?: number[];
  keyword?: string;
}

type TagRef = { tagId: number; name: string; groupName: string };

export function gatewayRow(g: GatewaySettings, t: GatewayTypeRecord, tags: TagRef[], owner?: string): GatewayRow {
  return {
    gwID: g.gwId,
    gwName: g.name,
    gwType: t.name,
    gwTypeID: t.id,
    arch: t.arch,
    supportGPS: t.supportGps,
    typeColor: t.color,
    region: g.region,
    subnet: g.subnet,
    pico: g.extendedAttr !== null,
    pushUrls: g.pushUrls,
    headers: g.headers,
    txPower: g.txPower,
    enableClassB: g.enableClassB,
    enableClassC: g.enableClassC,
    enableBridgeLogToFile: g.enableBridgeLog,
    enablePFW: g.enablePfw,
    mqttKeepAlive: g.mqttKeepAlive,
    statInterval: g.statInterval,
    extendedAttr: (g.extendedAttr as GatewayRow['extendedAttr']) ?? null,
    remarks: g.remarks,
    ntpServer: g.ntpServer,
    tags,
    tagsId: tags.map((x) => x.tagId),
    mapType: g.mapType ?? null,
    latitude: g.latitude,
    longitude: g.longitude,
    altitude: g.altitude,
    online: g.online,
    mqtt: g.mqtt,
    lastSeen: g.lastSeen,
    createtime: g.createdAt,
    updatetime: g.updatedAt,
    ...(owner !== undefined ? { ownerID: g.ownerId, owner } : {}),
  };
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class GatewayRepository {
  constructor(private readonly db: Db) {}

  private where(f: GatewayFilter): SQL | undefined {
    const conds: (SQL | undefined)[] = [ownedBy(f.viewer, gateways.ownerId)];
    if (f.regions?.length) conds.push(inArray(gateways.region, f.regions));
    if (f.gwTypes?.length) {
      conds.push(
        inArray(
          gateways.gwTypeId,
          this.db.select({ id: gatewayTypes.id }).from(gatewayTypes).where(inArray(gatewayTypes.name, f.gwTypes)),
        ),
      );
    }
    if (f.online !== undefined) conds.push(eq(gateways.online, f.online));
    if (f.tagsId?.length) conds.push(arrayOverlaps(gateways.tagIds, f.tagsId));
    if (f.keyword) {
      // An EUI-like keyword also finds gateway ids, in any form the console shows or people paste.
      const byName = ilike(gateways.name, `%${likeEscape(f.keyword)}%`);
      const hex = searchHex(f.keyword);
      conds.push(hex ? or(like(gateways.gwId, `${hex}%`), byName)! : byName);
    }
    return and(...conds);
  }

  async list(
    f: GatewayFilter & { limit?: number; offset: number; orderBy?: keyof typeof ORDER; orderType: 'asc' | 'desc' },
    withOwner: boolean,
  ): Promise<{ rows: GatewayRow[]; amount: number }> {
    const where = this.where(f);
    const col = ORDER[f.orderBy ?? 'createtime'];
    // One narrow-filtered query per part: joins and wide selects cost more than they save on PGlite.
    const q = this.db
      .select(settingsColumns)
      .from(gateways)
      .where(where)
      .orderBy(f.orderType === 'asc' ? asc(col) : desc(col), asc(gateways.gwId))
      .offset(f.offset);
    const page = await (f.limit ? q.limit(f.limit) : q);
    const [{ n }] = (await this.db.select({ n: count() }).from(gateways).where(where)) as [{ n: number }];
    if (page.length === 0) return { rows: [], amount: Number(n) };
    const typeIds = [...new Set(page.map((g) => g.gwTypeId))];
    const types = new Map(
      (await this.db.select().from(gatewayTypes).where(inArray(gatewayTypes.id, typeIds))).map((t) => [t.id, t]),
    );
    return {
      rows: await this.hydrate(
        page.map((g) => ({ g, t: types.get(g.gwTypeId)! })),
        withOwner,
      ),
      amount: Number(n),
    };
  }

  /** Rows with their type, tags and (for admins) owner name. */
  async hydrate(page: { g: GatewaySettings; t: GatewayTypeRecord }[], withOwner: boolean): Promise<GatewayRow[]> {
    if (page.length === 0) return [];
    const tagIds = [...new Set(page.flatMap((p) => p.g.tagIds))];
    const tags = new Map<number, TagRef>();
    if (tagIds.length > 0) {
      for (const t of await this.db
        .select({ tagId: gatewayTags.id, name: gatewayTags.name, groupName: gatewayTags.groupName })
        .from(gatewayTags)
        .where(inArray(gatewayTags.id, tagIds))) {
        tags.set(t.tagId, t);
      }
    }
    const owners = new Map<number, string>();
    if (withOwner) {
      const ownerIds = [...new Set(page.map((p) => p.g.ownerId))];
      for (const u of await this.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ownerIds))) {
        owners.set(u.id, u.name);
      }
    }
    return page.map(({ g, t }) =>
      gatewayRow(
        g,
        t,
        g.tagIds.flatMap((id) => tags.get(id) ?? []),
        withOwner ? (owners.get(g.ownerId) ?? '') : undefined,
      ),
    );
  }

  /** One gateway with its type, if the viewer may see it. */
  async visibleRow(gwId: string, viewer: Viewer, withOwner: boolean): Promise<GatewayRow | undefined> {
    const page = await this.db
      .select({ g: gateways, t: gatewayTypes })
      .from(gateways)
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .where(and(eq(gateways.gwId, gwId), ownedBy(viewer, gateways.ownerId)));
    return (await this.hydrate(page, withOwner))[0];
  }

  /** The gateways among `gwIds` the viewer may see. */
  async visible(gwIds: string[], viewer: Viewer): Promise<GatewayRecord[]> {
    if (gwIds.length === 0) return [];
    return this.db
      .select()
      .from(gateways)
      .where(and(inArray(gateways.gwId, gwIds), ownedBy(viewer, gateways.ownerId)));
  }

  /** Which of `gwIds` exist at all (any owner): gwIDs are unique across the platform. */
  async existingIds(gwIds: string[]): Promise<Set<string>> {
    if (gwIds.length === 0) return new Set();
    const rows = await this.db.select({ id: gateways.gwId }).from(gateways).where(inArray(gateways.gwId, gwIds));
    return new Set(rows.map((r) => r.id));
  }

  /** Which of `names` the owner already uses (optionally ignoring one gateway). */
  async takenNames(ownerId: number, names: string[], exceptGwId?: string): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .select({ name: gateways.name, id: gateways.gwId })
      .from(gateways)
      .where(and(eq(gateways.ownerId, ownerId), inArray(gateways.name, names)));
    return new Set(rows.filter((r) => r.id !== exceptGwId).map((r) => r.name));
  }

  async countByOwner(ownerId: number): Promise<number> {
    const [{ n }] = (await this.db.select({ n: count() }).from(gateways).where(eq(gateways.ownerId, ownerId))) as [
      { n: number },
    ];
    return Number(n);
  }

  async search(keyword: string, viewer: Viewer, limit: number | undefined, offset: number) {
    const where = this.where({ viewer, keyword });
    const q = this.db
      .select({ g: gateways, t: gatewayTypes, owner: users.name })
      .from(gateways)
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .innerJoin(users, eq(users.id, gateways.ownerId))
      .where(where)
      .orderBy(asc(gateways.name), asc(gateways.gwId))
      .offset(offset);
    const rows = await (limit ? q.limit(limit) : q);
    const [{ n }] = (await this.db.select({ n: count() }).from(gateways).where(where)) as [{ n: number }];
    return { rows, amount: Number(n) };
  }
}

export async function insertGateways(db: Db, rows: GatewayValues[]): Promise<void> {
  // Each gateway gets its MQTT password for the MQTT gateway link (docs/protocols/gateway-mqtt.md).
  const withPasswords = rows.map((r) => ({ mqttPassword: newSecret(18), ...r }));
  for (let i = 0; i < withPasswords.length; i += 500) {
    await db.insert(gateways).values(withPasswords.slice(i, i + 500));
  }
}

export async function updateGateway(db: Db, gwId: string, patch: Partial<GatewayValues>): Promise<void> {
  await db
    .update(gateways)
    .set({ ...patch, updatedAt: Date.now() })
    .where(eq(gateways.gwId, gwId));
}

export async function updateGateways(db: Db, gwIds: string[], patch: Partial<GatewayValues>): Promise<void> {
  await db
    .update(gateways)
    .set({ ...patch, updatedAt: Date.now() })
    .where(inArray(gateways.gwId, gwIds));
}

export async function deleteGateways(db: Db, gwIds: string[]): Promise<void> {
  await db.delete(gateways).where(inArray(gateways.gwId, gwIds));
}
