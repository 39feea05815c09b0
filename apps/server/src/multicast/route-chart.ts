import { type McRoute, ROUTE_WINDOW_MS } from '@lns/contract/multicast';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The route chart of a group: which gateways heard each member device in the last
 * ROUTE_WINDOW_MS with the mean SNR, and the gateways involved — those links plus the member
 * gateways. Two queries whatever the group's size. The receptions are the rx_info of the device's
 * uplink frames (device_frames by device and time; migration 0032), so the chart follows the
 * platform's device MAC data switch.
 */
export async function routeChart(db: Db, mcEUI: string, now: number): Promise<McRoute> {
  const links = rowsOf(
    await db.execute(sql`
      SELECT m.dev_eui, d.name AS dev_name, r.gw_id, avg(r.snr)::real AS snr, count(r.gw_id)::int AS frames
      FROM mc_devices m
      JOIN devices d ON d.dev_eui = m.dev_eui
      LEFT JOIN LATERAL (
        SELECT x."gwID" AS gw_id, x.snr FROM device_frames f
          CROSS JOIN LATERAL jsonb_to_recordset(f.rx_info) AS x("gwID" text, snr real)
        WHERE f.dev_eui = m.dev_eui AND f.uplink AND f.created_at >= ${now - ROUTE_WINDOW_MS}
      ) r ON true
      WHERE m.mc_eui = ${mcEUI}
      GROUP BY m.dev_eui, d.name, r.gw_id
      ORDER BY m.dev_eui, r.gw_id`),
  );
  const devices = new Map<string, McRoute['devices'][number]>();
  const heard = new Map<string, number>();
  for (const l of links) {
    const devEUI = String(l.dev_eui);
    const d = devices.get(devEUI) ?? { devEUI, devName: String(l.dev_name), gateways: [] };
    devices.set(devEUI, d);
    if (l.gw_id == null) continue;
    const gwID = String(l.gw_id);
    d.gateways.push({ gwID, snr: Math.round(Number(l.snr ?? 0) * 10) / 10, frames: Number(l.frames) });
    heard.set(gwID, (heard.get(gwID) ?? 0) + 1);
  }
  const gwIds = [...heard.keys()];
  const gws = rowsOf(
    await db.execute(sql`
      SELECT g.gw_id, g.name, g.online, (mg.mc_eui IS NOT NULL) AS member
      FROM gateways g LEFT JOIN mc_gateways mg ON mg.gw_id = g.gw_id AND mg.mc_eui = ${mcEUI}
      WHERE mg.mc_eui IS NOT NULL OR g.gw_id IN (SELECT unnest(${`{${gwIds.join(',')}}`}::text[]))
      ORDER BY g.gw_id`),
  );
  return {
    devices: [...devices.values()],
    gateways: gws.map((g) => ({
      gwID: String(g.gw_id),
      gwName: String(g.name),
      online: Boolean(g.online),
      member: Boolean(g.member),
      deviceNums: heard.get(String(g.gw_id)) ?? 0,
    })),
  };
}
