import type { RegionCount } from '@lns/contract/dashboard';
import { count, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/ownership';
import { applications, devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;

export async function countApplications(db: Db, user: AuthUser): Promise<number> {
  const [r] = await db.select({ n: count() }).from(applications).where(ownedBy(user, applications.ownerId));
  return r?.n ?? 0;
}

export async function countDevices(db: Db, user: AuthUser): Promise<number> {
  const [r] = await db.select({ n: count() }).from(devices).where(ownedBy(user, devices.ownerId));
  return r?.n ?? 0;
}

export async function countGateways(db: Db, user: AuthUser) {
  const rows = await db
    .select({ online: gateways.online, n: count() })
    .from(gateways)
    .where(ownedBy(user, gateways.ownerId))
    .groupBy(gateways.online);
  const online = rows.find((r) => r.online)?.n ?? 0;
  const offline = rows.find((r) => !r.online)?.n ?? 0;
  return { total: online + offline, online, offline };
}

export async function devicesByRegion(db: Db, user: AuthUser): Promise<RegionCount[]> {
  const rows = await db
    .select({ region: devices.region, count: count() })
    .from(devices)
    .where(ownedBy(user, devices.ownerId))
    .groupBy(devices.region)
    .orderBy(devices.region);
  return rows;
}

export async function gatewaysByRegion(db: Db, user: AuthUser): Promise<RegionCount[]> {
  return db
    .select({ region: gateways.region, count: count() })
    .from(gateways)
    .where(ownedBy(user, gateways.ownerId))
    .groupBy(gateways.region)
    .orderBy(gateways.region);
}

/** Whether a table exists yet (areas built later — multicast, frames — add theirs by migration). */
export async function tableExists(db: Db, name: string): Promise<boolean> {
  const [r] = await rowsOf<{ t: string | null }>(db, sql`SELECT to_regclass(${name})::text AS t`);
  return !!r?.t;
}

/** Multicast groups the user owns (all for admins); 0 while the multicast table does not exist. */
export async function countMulticastGroups(db: Db, user: AuthUser): Promise<number> {
  if (!(await tableExists(db, 'multicast_groups'))) return 0;
  // No schema object yet for a table another area adds: its owner column by name.
  const own = ownedBy(user, sql`owner_id`);
  const where = own ? sql` WHERE ${own}` : sql``;
  const [r] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM multicast_groups${where}`);
  return r?.n ?? 0;
}
