import type { GatewayTag } from '@lns/contract/gateway-tags';
import { and, arrayOverlaps, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ownedBy, type Viewer } from '../db/ownership';
import { users } from '../db/schema/core';
import { gateways, gatewayTags } from '../db/schema/gateways';

export type GatewayTagRecord = typeof gatewayTags.$inferSelect;

/** Gateway tags: owned rows (admins see every owner's). */
export class GatewayTagRepository {
  constructor(private readonly db: Db) {}

  /** The viewer's tags; an admin's view holds everyone's, with the owner named. */
  async list(viewer: Viewer): Promise<GatewayTag[]> {
    const rows = await this.db
      .select({ t: gatewayTags, owner: users.name })
      .from(gatewayTags)
      .innerJoin(users, eq(users.id, gatewayTags.ownerId))
      .where(ownedBy(viewer, gatewayTags.ownerId))
      .orderBy(asc(gatewayTags.groupName), asc(gatewayTags.name), asc(gatewayTags.id));
    const counts = new Map<number, number>();
    if (rows.length > 0) {
      const owned = ownedBy(viewer, gateways.ownerId) ?? sql`true`;
      const res = await this.db.execute(
        sql`select t.id, count(*)::int as n from ${gateways} cross join unnest(${gateways.tagIds}) as t(id) where ${owned} group by t.id`,
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
      ...(viewer.admin ? { ownerID: t.ownerId, owner } : {}),
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

  /** The tags among `ids` the viewer may see. */
  async visible(ids: number[], viewer: Viewer): Promise<GatewayTagRecord[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(gatewayTags)
      .where(and(inArray(gatewayTags.id, ids), ownedBy(viewer, gatewayTags.ownerId)));
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
