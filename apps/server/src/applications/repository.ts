import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard';
import { newSecret } from '../auth/tokens';
import type { Db } from '../db/client';
import { CompiledStatements, Slots } from '../db/compiled';
import { ownedBy } from '../db/ownership';
import { recordReader } from '../db/rows';
import { users } from '../db/schema/core';
import { applications, deviceCounts } from '../db/schema/devices';

export type AppRecord = typeof applications.$inferSelect;
export type AppInput = Pick<
  AppRecord,
  'name' | 'productType' | 'protocol' | 'pushUrls' | 'headers' | 'enableMqtt' | 'decoder'
>;

// From the counters (migration 0024), not a count(*) over the application's devices per row.
const deviceNums = sql<number>`(SELECT coalesce(sum(${deviceCounts.n}), 0) FROM ${deviceCounts} WHERE ${deviceCounts.appId} = ${applications.id})::int`;
const ORDER = {
  appID: applications.id,
  appName: applications.name,
  createtime: applications.createdAt,
  deviceNums,
} as const;
export type AppOrder = keyof typeof ORDER;

const appRecord = recordReader<AppRecord>(getTableColumns(applications));

/** Escape LIKE wildcards so a keyword is matched literally as a prefix. */
export const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class ApplicationRepository {
  private readonly compiled: CompiledStatements;

  constructor(private readonly db: Db) {
    this.compiled = new CompiledStatements(db);
  }

  /** The application when it exists and the user may see it. */
  async visible(id: number, user: AuthUser): Promise<AppRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), ownedBy(user, applications.ownerId)))
      .limit(1);
    return row;
  }

  /**
   * The application with its device count and owner name, in one statement (its info page), built
   * once (CompiledStatements): the console asks it on every application page.
   */
  async visibleInfo(id: number, user: AuthUser) {
    const s = new Slots();
    const appId = s.bind('app', id);
    const viewer = s.viewer(user);
    const [raw] = await this.compiled.rows(
      'info',
      s,
      () =>
        sql`${this.db
          .select({
            ...getTableColumns(applications),
            deviceNums: deviceNums.as('__device_nums'),
            username: sql<string>`${users.name}`.as('__username'),
          })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.ownerId))
          .where(and(eq(applications.id, appId), ownedBy(viewer, applications.ownerId)))
          .limit(1)}`,
    );
    return raw && { app: appRecord(raw), deviceNums: Number(raw.__device_nums), username: String(raw.__username) };
  }

  async byId(id: number): Promise<AppRecord | undefined> {
    return (await this.db.select().from(applications).where(eq(applications.id, id)).limit(1))[0];
  }

  async list(
    user: AuthUser,
    p: { limit?: number; offset: number; orderBy?: AppOrder; orderType: 'asc' | 'desc'; where?: SQL },
  ) {
    const where = and(ownedBy(user, applications.ownerId), p.where);
    const col = ORDER[p.orderBy ?? 'appID'];
    const q = this.db
      .select({ app: applications, deviceNums, username: users.name })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.ownerId))
      .where(where)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(applications.id))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [r] = await this.db.select({ n: count() }).from(applications).where(where);
    return { rows, amount: Number(r?.n ?? 0) };
  }

  /** Name-prefix search (case-insensitive) for the global search. */
  search(user: AuthUser, keyword: string, limit: number | undefined, offset: number) {
    return this.list(user, {
      limit,
      offset,
      orderBy: 'appName',
      orderType: 'asc',
      where: sql`lower(${applications.name}) LIKE ${likePrefix(keyword.toLowerCase())}`,
    });
  }

  /** Another application of the same owner already has this name (case-insensitive). */
  async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.ownerId, ownerId), sql`lower(${applications.name}) = ${name.toLowerCase()}`));
    return rows.some((r) => r.id !== exceptId);
  }

  async ownedCount(ownerId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(applications).where(eq(applications.ownerId, ownerId));
    return Number(r?.n ?? 0);
  }

  /**
   * Creates the application unless its owner already has `quota` of them (undefined: no limit).
   * The owner's row is locked meanwhile, so two concurrent creates cannot both pass the count.
   */
  async createWithin(ownerId: number, input: AppInput, quota: number | undefined): Promise<AppRecord | 'over quota'> {
    if (quota === undefined) return this.create(ownerId, input);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM ${users} WHERE ${users.id} = ${ownerId} FOR UPDATE`);
      const [r] = await tx.select({ n: count() }).from(applications).where(eq(applications.ownerId, ownerId));
      if (Number(r?.n ?? 0) >= quota) return 'over quota' as const;
      return this.create(ownerId, input, tx);
    });
  }

  async create(ownerId: number, input: AppInput, db: Pick<Db, 'insert'> = this.db): Promise<AppRecord> {
    const now = Date.now();
    const [row] = await db
      .insert(applications)
      .values({
        ...input,
        ownerId,
        mqName: `app-${newSecret(6)}`,
        mqPassword: newSecret(18),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  async update(id: number, input: AppInput): Promise<void> {
    await this.db
      .update(applications)
      .set({ ...input, updatedAt: Date.now() })
      .where(eq(applications.id, id));
  }

  async regenerateMqttPassword(id: number): Promise<string> {
    const mqPassword = newSecret(18);
    await this.db.update(applications).set({ mqPassword, updatedAt: Date.now() }).where(eq(applications.id, id));
    return mqPassword;
  }

  /** Deletes the applications and (by cascade) their devices in one statement. */
  async deleteMany(ids: number[]): Promise<void> {
    await this.db.delete(applications).where(inArray(applications.id, ids));
  }
}
