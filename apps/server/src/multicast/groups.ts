import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ownedBy, type Viewer } from '../db/ownership';
import { users } from '../db/schema/core';
import { devices } from '../db/schema/devices';
import { mcDevices, mcGateways, mcGroups } from '../db/schema/multicast';
import { multicastTopicPrefix } from '../integrations/mqtt/topics';
import { dropQueuedMqtt } from '../integrations/outbox/store';

export type GroupRecord = typeof mcGroups.$inferSelect;
export type GroupInput = Omit<GroupRecord, 'ownerId' | 'fCnt' | 'createdAt' | 'updatedAt'>;

const deviceNums = sql<number>`(SELECT count(*) FROM ${mcDevices} WHERE ${mcDevices.mcEui} = ${mcGroups.mcEui})::int`;
const syncNums = sql<number>`(SELECT count(*) FROM ${mcDevices} WHERE ${mcDevices.mcEui} = ${mcGroups.mcEui} AND ${mcDevices.syncState} = 'joined')::int`;
const gatewayNums = sql<number>`(SELECT count(*) FROM ${mcGateways} WHERE ${mcGateways.mcEui} = ${mcGroups.mcEui})::int`;
const ORDER = { createtime: mcGroups.createdAt, mcName: mcGroups.name, deviceNums, syncNums } as const;
export type GroupOrder = keyof typeof ORDER;

export interface GroupListRow {
  group: GroupRecord;
  deviceNums: number;
  syncNums: number;
  gatewayNums: number;
  username: string;
}

/** Multicast groups: the rows, their counts, and the uniqueness checks of the group form. */
export class GroupRepository {
  constructor(private readonly db: Db) {}

  async visible(mcEUI: string, viewer: Viewer): Promise<GroupRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(mcGroups)
      .where(and(eq(mcGroups.mcEui, mcEUI), ownedBy(viewer, mcGroups.ownerId)))
      .limit(1);
    return row;
  }

  async exists(mcEUI: string): Promise<boolean> {
    return (await this.db.select({ e: mcGroups.mcEui }).from(mcGroups).where(eq(mcGroups.mcEui, mcEUI))).length > 0;
  }

  async list(
    viewer: Viewer,
    p: { limit?: number; offset: number; orderBy?: GroupOrder; orderType: 'asc' | 'desc'; where?: SQL },
  ): Promise<{ rows: GroupListRow[]; amount: number }> {
    const where = and(ownedBy(viewer, mcGroups.ownerId), p.where);
    const col = ORDER[p.orderBy ?? 'createtime'];
    const q = this.db
      .select({ group: mcGroups, deviceNums, syncNums, gatewayNums, username: users.name })
      .from(mcGroups)
      .innerJoin(users, eq(users.id, mcGroups.ownerId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(mcGroups.mcEui))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [r] = await this.db.select({ n: count() }).from(mcGroups).where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }

  async one(mcEUI: string): Promise<GroupListRow | undefined> {
    const { rows } = await this.list(
      { id: 0, admin: true },
      { offset: 0, orderType: 'asc', where: eq(mcGroups.mcEui, mcEUI) },
    );
    return rows[0];
  }

  async nameTaken(ownerId: number, name: string, exceptEui?: string): Promise<boolean> {
    const rows = await this.db
      .select({ e: mcGroups.mcEui })
      .from(mcGroups)
      .where(and(eq(mcGroups.ownerId, ownerId), sql`lower(${mcGroups.name}) = ${name.toLowerCase()}`));
    return rows.some((r) => r.e !== exceptEui);
  }

  /** McAddr + McNwkSKey used by another group or by a device's session (frames would be ambiguous). */
  async addrKeyTaken(mcAddr: string, nwkSKey: string, exceptEui?: string): Promise<boolean> {
    const groups = await this.db
      .select({ e: mcGroups.mcEui })
      .from(mcGroups)
      .where(
        and(
          eq(mcGroups.mcAddr, mcAddr),
          eq(mcGroups.mcNwkSKey, nwkSKey),
          exceptEui ? ne(mcGroups.mcEui, exceptEui) : undefined,
        ),
      )
      .limit(1);
    if (groups.length) return true;
    const devs = await this.db
      .select({ e: devices.devEui })
      .from(devices)
      .where(and(eq(devices.devAddr, mcAddr), eq(devices.nwkSKey, nwkSKey)))
      .limit(1);
    return devs.length > 0;
  }

  async create(ownerId: number, input: GroupInput): Promise<void> {
    const now = Date.now();
    await this.db.insert(mcGroups).values({ ...input, ownerId, createdAt: now, updatedAt: now });
  }

  /**
   * Saves the group; with `restart` every member starts its setup again in the same transaction.
   * With MQTT switched off, its events still waiting in the outbox (for a broker that was away)
   * are dropped too: nothing more is published for the group.
   */
  async update(mcEUI: string, input: Partial<GroupInput>, restart: boolean): Promise<void> {
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(mcGroups)
        .set({ ...input, updatedAt: now })
        .where(eq(mcGroups.mcEui, mcEUI));
      if (input.enableMqtt === false) await dropQueuedMqtt(tx, multicastTopicPrefix(mcEUI));
      if (restart) {
        const remote = input.enableRemote;
        await tx
          .update(mcDevices)
          .set({
            syncState: remote ? 'pending' : 'manual',
            syncError: null,
            syncFCnt: null,
            attempts: 0,
            updatedAt: now,
          })
          .where(eq(mcDevices.mcEui, mcEUI));
      }
    });
  }

  async deleteMany(mcEUIs: string[]): Promise<void> {
    await this.db.delete(mcGroups).where(inArray(mcGroups.mcEui, mcEUIs));
  }

  async memberDevices(mcEUI: string): Promise<string[]> {
    const rows = await this.db.select({ d: mcDevices.devEui }).from(mcDevices).where(eq(mcDevices.mcEui, mcEUI));
    return rows.map((r) => r.d);
  }

  async statesOf(mcEUI: string): Promise<{ state: string; n: number; ends: number | null }[]> {
    return this.db
      .select({
        state: mcDevices.syncState,
        n: sql<number>`count(*)::int`,
        ends: sql<number | null>`min(${mcDevices.sessionEnds})::float8`,
      })
      .from(mcDevices)
      .where(eq(mcDevices.mcEui, mcEUI))
      .groupBy(mcDevices.syncState);
  }
}
