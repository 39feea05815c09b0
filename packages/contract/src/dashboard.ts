/**
 * The home dashboard (`dashboardApi.index`). A common user sees counts of its own things; admins
 * see everything. Region colours come from `regionApi.colors` (the console merges them).
 */
import { z } from 'zod';

export const regionCount = z.object({ region: z.string(), count: z.number().int() });
export type RegionCount = z.infer<typeof regionCount>;

export const dashboard = z.object({
  applications: z.number().int(),
  devices: z.number().int(),
  gateways: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int() }),
  /** 0 until multicast groups exist in this installation. */
  multicastGroups: z.number().int(),
  /**
   * Frames per hour over the last 24 h, oldest first: `hours[i]` is the start (epoch ms) of the
   * hour counted in `uplinks[i]` and `downlinks[i]`; the last entry is the current hour.
   */
  traffic: z.object({
    hours: z.array(z.number()),
    uplinks: z.array(z.number().int()),
    downlinks: z.array(z.number().int()),
  }),
  devicesByRegion: z.array(regionCount),
  gatewaysByRegion: z.array(regionCount),
});
export type Dashboard = z.infer<typeof dashboard>;

export const HOUR_MS = 3_600_000;
export const TRAFFIC_HOURS = 24;

/** Start of each of the last 24 hours (UTC hour boundaries), oldest first, ending with `now`'s hour. */
export function trafficHours(now: number): number[] {
  const current = Math.floor(now / HOUR_MS) * HOUR_MS;
  return Array.from({ length: TRAFFIC_HOURS }, (_, i) => current - (TRAFFIC_HOURS - 1 - i) * HOUR_MS);
}
