import type { GwSubmodel, GwTypeRow } from '@lns/contract/gateway-types';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ownedBy, type Viewer } from '../db/ownership';
import { gateways, gatewayTypes } from '../db/schema/gateways';

export type GatewayTypeRecord = typeof gatewayTypes.$inferSelect;

const ORDER = {
  gwTypeID: gatewayTypes.id,
  gwType: gatewayTypes.name,
  arch: gatewayTypes.arch,
  createdAt: gatewayTypes.createdAt,
  updatedAt: gatewayTypes.updatedAt,
} as const;

export interface GatewayTypeInput {
  gwType: string;
  arch: 'arm' | 'mipsle' | 'stm32l4';
  color: string;
  supportGPS: boolean;
  submodels: GwSubmodel[];
}

export const typeRow = (t: GatewayTypeRecord, gatewayCount = 0): GwTypeRow => ({
  gwTypeID: t.id,
  gwType: t.name,
  arch: t.arch,
  color: t.color,
  supportGPS: t.supportGps,
  submodels: t.submodels,
  gateways: gatewayCount,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** Gateway types: admin-managed, readable by every user. */
export class GatewayTypeRepository {
  constructor(private readonly db: Db) {}

  async byName(name: string): Promise<GatewayTypeRecord | undefined> {
    return (await this.db.select().from(gatewayTypes).where(eq(gatewayTypes.name, name.toLowerCase())).limit(1))[0];
  }

  async byId(id: number): Promise<GatewayTypeRecord | undefined> {
    return (await this.db.select().from(gatewayTypes).where(eq(gatewayTypes.id, id)).limit(1))[0];
  }

  async all(): Promise<GatewayTypeRecord[]> {
    return this.db.select().from(gatewayTypes).orderBy(asc(gatewayTypes.name));
  }

  /** A page of types with how many gateways of each the viewer sees. */
  async list(p: {
    limit?: number;
    offset: number;
    orderBy?: keyof typeof ORDER;
    orderType: 'asc' | 'desc';
    viewer: Viewer;
  }): Promise<{ rows: GwTypeRow[]; amount: number }> {
    const col = ORDER[p.orderBy ?? 'gwType'];
    const q = this.db
      .select()
      .from(gatewayTypes)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(gatewayTypes.id))
      .offset(p.offset);
    const types = await (p.limit ? q.limit(p.limit) : q);
    const [{ n }] = (await this.db.select({ n: count() }).from(gatewayTypes)) as [{ n: number }];
    const counts = new Map<number, number>();
    if (types.length > 0) {
      const rows = await this.db
        .select({ id: gateways.gwTypeId, n: count() })
        .from(gateways)
        .where(ownedBy(p.viewer, gateways.ownerId))
        .groupBy(gateways.gwTypeId);
      for (const r of rows) counts.set(r.id, Number(r.n));
    }
    return { rows: types.map((t) => typeRow(t, counts.get(t.id) ?? 0)), amount: Number(n) };
  }

  async create(input: GatewayTypeInput): Promise<GatewayTypeRecord> {
    const now = Date.now();
    const [row] = await this.db
      .insert(gatewayTypes)
      .values({
        name: input.gwType,
        arch: input.arch,
        color: input.color,
        supportGps: input.supportGPS,
        submodels: input.submodels,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  async update(id: number, input: GatewayTypeInput): Promise<void> {
    await this.db
      .update(gatewayTypes)
      .set({
        name: input.gwType,
        arch: input.arch,
        color: input.color,
        supportGps: input.supportGPS,
        submodels: input.submodels,
        updatedAt: Date.now(),
      })
      .where(eq(gatewayTypes.id, id));
  }

  async gatewayCount(id: number): Promise<number> {
    const [{ n }] = (await this.db.select({ n: count() }).from(gateways).where(eq(gateways.gwTypeId, id))) as [
      { n: number },
    ];
    return Number(n);
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(gatewayTypes).where(eq(gatewayTypes.id, id));
  }
}
