import type { GatewayTag } from '@lns/contract/gateway-tags';
import { and, arrayOverlaps, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/core';
import { gateways, gatewayTags } from '../db/schema/gateways';

export type GatewayTagRecord = typeof gatewayTags.$inferSelect;

/** Gateway tags: owned rows (admins see every owner's). */
export class GatewayTagRepository {
  constructor(private readonly db: Db) {}

  /** Tags of one owner, or of everyone (with the owner named) when ownerId is undefined. */
  async list(ownerId: number | undefined): Promise<GatewayTag[]> {
    const where = ownerId === undefined ? undefined : eq(gatewayTags.ownerId, ownerId);
    const rows = await this.db
      .select({ t: gatewayTags, owner: users.name })
      .from(gatewayTags)
      .innerJoin(users, eq(users.id, gatewayTags.ownerId))
      .where(where)
      .orderBy(asc(gatewayTags.groupName), asc(gatewayTags.name), asc(gatewayTags.id));
    const counts = new Map<number, number>();
    if (rows.length > 0) {
      const owned = ownerId === undefined ? sql`true` : sql`g.owner_id = ${ownerId}`;
      const res = await this.db.execute(
        sql`select t.id, count(*)::int as n from ${gateways} g cross join unnest(g.tag_ids) as t(id) where ${owned} group by t.id`,
      );
      for (const r of (res as unknown as { rows: { id: number; n: number }[] }).rows)
        counts.set(Number(r.id), Number(r.n));
    }
    return rows.map(({ t, owner }) => ({
      tagId: t.id,
      name: t.name,
      groupName: t.groupName,
      gateways: counts.get(t.id) ?? 0,
      createdAt: t.createdAt,
      ...(ownerId === undefined ? { ownerID: t.ownerId, owner } : {}),
    }));
  }

  /** Names among `names` that the owner already has in the group. */
  async existing(ownerId: number, groupName: string, names: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ name: gatewayTags.name })
      .from(gatewayTags)
      .where(
        and(eq(gatewayTags.ownerId, ownerId), eq(gatewayTags.groupName, groupName), inArray(gatewayTags.name, names)),
      );
    return rows.map((r) => r.name);
  }

  async create(ownerId: number, groupName: string, names: string[]): Promise<number[]> {
    const now = Date.now();
    const rows = await this.db
      .insert(gatewayTags)
      .values(names.map((name) => ({ ownerId, name, groupName, createdAt: now })))
      .returning({ id: gatewayTags.id });
    return rows.map((r) => r.id);
  }

  /** The tags among `ids` visible to the caller (its own, or all for admins). */
  async visible(ids: number[], ownerId: number | undefined): Promise<GatewayTagRecord[]> {
    if (ids.length === 0) return [];
    const conds: SQL[] = [inArray(gatewayTags.id, ids)];
    if (ownerId !== undefined) conds.push(eq(gatewayTags.ownerId, ownerId));
    return this.db
      .select()
      .from(gatewayTags)
      .where(and(...conds));
  }

  /** Deletes tags and takes them off every gateway, in one transaction. */
  async delete(ids: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(gateways)
        .set({
          tagIds: sql`array(select x from unnest(${gateways.tagIds}) as x where x <> all(${`{${ids.join(',')}}`}::int[]))`,
        })
        .where(arrayOverlaps(gateways.tagIds, ids));
      await tx.delete(gatewayTags).where(inArray(gatewayTags.id, ids));
    });
  }
}
