import { HOUR_MS } from '@lns/contract/dashboard';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/ownership';
import { devices } from '../../db/schema/devices';

type Rows<T> = { rows: T[] };

/**
 * Device frames (protocol layer: data, joins, MAC-only) per hour for the given hour starts,
 * split into uplinks and downlinks. A common user counts frames of its own devices. The frames'
 * ids follow their time (migration 0031): the window starts at the first id of its first hour.
 */
export async function trafficPerHour(
  db: Db,
  user: AuthUser,
  hours: number[],
): Promise<{ uplinks: number[]; downlinks: number[] }> {
  const start = hours[0]!;
  const mine = ownedBy(user, devices.ownerId);
  const own = mine ? sql` AND f.dev_eui IN (SELECT ${devices.devEui} FROM ${devices} WHERE ${mine})` : sql``;
  const res = (await db.execute(sql`
    SELECT (f.created_at / ${HOUR_MS}) * ${HOUR_MS} AS h, f.uplink AS up, count(*)::int AS n
    FROM device_frames f
    WHERE f.id >= history_first_id('device_frames', ${start}) AND f.created_at >= ${start}${own}
    GROUP BY 1, 2`)) as unknown as Rows<{ h: string | number; up: boolean; n: number }>;
  const index = new Map(hours.map((h, i) => [h, i]));
  const uplinks = hours.map(() => 0);
  const downlinks = hours.map(() => 0);
  for (const r of res.rows) {
    const i = index.get(Number(r.h));
    if (i === undefined) continue;
    (r.up ? uplinks : downlinks)[i] += Number(r.n);
  }
  return { uplinks, downlinks };
}
