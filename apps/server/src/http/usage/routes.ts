import { usageApi as api } from '@lns/contract/api/usage';
import { type UsageDay, usageDays, utcDay } from '@lns/contract/usage';
import { count, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, devices } from '../../db/schema/devices';
import { files } from '../../db/schema/fuota';
import { gateways } from '../../db/schema/gateways';
import { mcGroups } from '../../db/schema/multicast';
import { usageDaily } from '../../db/schema/usage';
import { databaseBytes } from '../../usage/meter';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const countOf = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

async function todayRow(db: Db, day: string) {
  const [r] = await db.select().from(usageDaily).where(sql`${usageDaily.day} = ${day}`);
  return r;
}

export const usageRoutes: RouteModule = (app, s) => {
  route(app, api.summary, async () => {
    const [apps, devs, gws, groups, row, pending, storage, fileSum] = await Promise.all([
      countOf(s.db.select({ n: count() }).from(applications)),
      countOf(s.db.select({ n: count() }).from(devices)),
      s.db.select({ online: gateways.online, n: count() }).from(gateways).groupBy(gateways.online),
      countOf(s.db.select({ n: count() }).from(mcGroups)),
      todayRow(s.db, utcDay(Date.now())),
      s.usage.pending(),
      databaseBytes(s.db),
      s.db.select({ n: sum(files.size) }).from(files),
    ]);
    return ok({
      applications: apps,
      devices: devs,
      gateways: gws.reduce((n, r) => n + r.n, 0),
      gatewaysOnline: gws.find((r) => r.online)?.n ?? 0,
      multicastGroups: groups,
      uplinksToday: (row?.uplinks ?? 0) + pending.uplinks,
      downlinksToday: (row?.downlinks ?? 0) + pending.downlinks,
      joinsToday: (row?.joins ?? 0) + pending.joins,
      storageBytes: storage,
      fileBytes: Number(fileSum[0]?.n ?? 0),
    });
  });

  route(app, api.daily, async (req) => {
    const days = usageDays(Date.now(), req.query.days);
    const rows = await s.db.select().from(usageDaily).where(gte(usageDaily.day, days[0]!));
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const out: UsageDay[] = days.map((day) => {
      const r = byDay.get(day);
      return {
        day,
        uplinks: r?.uplinks ?? 0,
        downlinks: r?.downlinks ?? 0,
        joins: r?.joins ?? 0,
        devices: r?.devices ?? null,
        gateways: r?.gateways ?? null,
        storageBytes: r?.storageBytes ?? null,
      };
    });
    return ok(out);
  });
};
