import type { RegionCount } from '@lns/contract/dashboard';
import { count } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/ownership';
import { applications, devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { mcGroups } from '../../db/schema/multicast';

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

/** Multicast groups the user owns (all for admins). */
export async function countMulticastGroups(db: Db, user: AuthUser): Promise<number> {
  const [r] = await db.select({ n: count() }).from(mcGroups).where(ownedBy(user, mcGroups.ownerId));
  return Number(r?.n ?? 0);
}
