import { and, asc, count, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { hashToken, newApiToken, newSecret, newSessionToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/core';

export type UserRecord = typeof users.$inferSelect;

/** A new API token and MQTT password: the old ones stop working once stored. */
const freshCredentials = () => ({ apiToken: newApiToken(), mqPassword: newSecret(18) });

const ORDER = { userID: users.id, name: users.name, admin: users.admin, createtime: users.createdAt } as const;

export class UserRepository {
  constructor(private readonly db: Db) {}

  async byName(name: string): Promise<UserRecord | undefined> {
    return (await this.db.select().from(users).where(eq(users.name, name)).limit(1))[0];
  }

  async byId(id: number): Promise<UserRecord | undefined> {
    return (await this.db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  }

  async byApiToken(token: string): Promise<UserRecord | undefined> {
    return (await this.db.select().from(users).where(eq(users.apiToken, token)).limit(1))[0];
  }

  async byMqttUsername(name: string): Promise<UserRecord | undefined> {
    return (await this.db.select().from(users).where(eq(users.mqUsername, name)).limit(1))[0];
  }

  async list(p: { limit?: number; offset: number; orderBy?: keyof typeof ORDER; orderType: 'asc' | 'desc' }) {
    const col = ORDER[p.orderBy ?? 'userID'];
    const q = this.db
      .select()
      .from(users)
      .orderBy(p.orderType === 'asc' ? asc(col) : desc(col), asc(users.id))
      .offset(p.offset);
    const rows = await (p.limit ? q.limit(p.limit) : q);
    const [{ n }] = (await this.db.select({ n: count() }).from(users)) as [{ n: number }];
    return { rows, amount: Number(n) };
  }

  async create(input: { name: string; password: string; admin: number }): Promise<UserRecord> {
    const now = Date.now();
    const [row] = await this.db
      .insert(users)
      .values({
        name: input.name,
        passwordHash: await hashPassword(input.password),
        admin: input.admin,
        ...freshCredentials(),
        mqUsername: `u-${newSecret(6)}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  /**
   * Updates name/admin and, when given, the password. A new password or `revoke` also ends every
   * session of the user and replaces its API token and MQTT password, in the same transaction.
   * Returns whether credentials were revoked.
   */
  async update(
    id: number,
    input: { name: string; admin: number; password?: string },
    opts: { revoke?: boolean } = {},
  ): Promise<boolean> {
    const patch: Partial<UserRecord> = { name: input.name, admin: input.admin, updatedAt: Date.now() };
    if (input.password) patch.passwordHash = await hashPassword(input.password);
    const revoke = Boolean(input.password) || opts.revoke === true;
    if (revoke) Object.assign(patch, freshCredentials());
    await this.db.transaction(async (tx) => {
      await tx.update(users).set(patch).where(eq(users.id, id));
      if (revoke) await tx.delete(sessions).where(eq(sessions.userId, id));
    });
    return revoke;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async countAdmins(exceptId?: number): Promise<number> {
    const where = exceptId ? and(eq(users.admin, 1), ne(users.id, exceptId)) : eq(users.admin, 1);
    const [{ n }] = (await this.db.select({ n: count() }).from(users).where(where)) as [{ n: number }];
    return Number(n);
  }

  async regenerateApiToken(id: number): Promise<string> {
    const token = newApiToken();
    await this.db.update(users).set({ apiToken: token, updatedAt: Date.now() }).where(eq(users.id, id));
    return token;
  }

  async regenerateMqttPassword(id: number): Promise<string> {
    const mqPassword = newSecret(18);
    await this.db.update(users).set({ mqPassword, updatedAt: Date.now() }).where(eq(users.id, id));
    return mqPassword;
  }

  async any(): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).limit(1)).length > 0;
  }
}

export class SessionRepository {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async create(userId: number): Promise<string> {
    const token = newSessionToken();
    const now = Date.now();
    await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + this.ttlMs });
    return token;
  }

  /** The live session's user id; extends the expiry (sliding) at most once a minute. */
  async touch(token: string, now = Date.now()): Promise<number | undefined> {
    const h = hashToken(token);
    const [s] = await this.db.select().from(sessions).where(eq(sessions.tokenHash, h)).limit(1);
    if (!s) return undefined;
    if (s.expiresAt < now) {
      await this.db.delete(sessions).where(eq(sessions.tokenHash, h));
      return undefined;
    }
    if (s.expiresAt - now < this.ttlMs - 60_000) {
      await this.db
        .update(sessions)
        .set({ expiresAt: now + this.ttlMs })
        .where(eq(sessions.tokenHash, h));
    }
    return s.userId;
  }

  async revoke(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }

  /** Test and maintenance hook: sessions still valid. */
  async countLive(userId: number, now = Date.now()): Promise<number> {
    const rows = await this.db
      .select({ h: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
    return rows.length;
  }
}
