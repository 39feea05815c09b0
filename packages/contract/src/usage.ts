/**
 * The platform's power meter (`/platform/powermeter`, `usageApi`): what the network carries and
 * holds, today and day by day, for an admin to size the platform and read it against the license.
 *
 * Decisions (docs/product/powermeter.md):
 * - A day is a UTC calendar day. Traffic counts are what the network server handled: uplinks
 *   accepted (de-duplicated, MIC checked, not replays), joins accepted, downlinks sent to a gateway
 *   (unicast and multicast, every window). Each instance adds its own counts, so a cluster's day is
 *   the sum of its instances.
 * - Devices, gateways and storage are the day's last reading (taken with each flush).
 * - Days are kept for USAGE_KEEP_DAYS, independent of the history retention: the meter does not
 *   read the history tables, so switching a history off does not blank the chart.
 */
import { z } from 'zod';

/** Days the chart may ask for; the default range of the page. */
export const USAGE_RANGE_DAYS = { min: 1, max: 366, default: 30 } as const;
/** Rows older than this are deleted by the meter's daily pass. */
export const USAGE_KEEP_DAYS = 400;
/** How often an instance adds its counts to the day's row. */
export const USAGE_FLUSH_S = 60;

export const usageDailyQuery = z.object({
  days: z.coerce.number().int().min(USAGE_RANGE_DAYS.min).max(USAGE_RANGE_DAYS.max).default(USAGE_RANGE_DAYS.default),
});
export type UsageDailyQuery = z.output<typeof usageDailyQuery>;

const count = z.number().int().min(0);

/** One UTC day: `day` is YYYY-MM-DD. Days without a row are listed with zeros. */
export const usageDay = z.object({
  day: z.string(),
  uplinks: count,
  downlinks: count,
  joins: count,
  /** Last reading of the day; null on a day the server did not run. */
  devices: count.nullable(),
  gateways: count.nullable(),
  storageBytes: count.nullable(),
});
export type UsageDay = z.infer<typeof usageDay>;

/** The platform now. Today's traffic includes what this instance has not flushed yet. */
export const usageSummary = z.object({
  applications: count,
  devices: count,
  gateways: count,
  gatewaysOnline: count,
  multicastGroups: count,
  uplinksToday: count,
  downlinksToday: count,
  joinsToday: count,
  /** Size of the database (PostgreSQL's pg_database_size) in bytes. */
  storageBytes: count,
  /** Size of the file store (firmware, packages, configurations) in bytes. */
  fileBytes: count,
});
export type UsageSummary = z.infer<typeof usageSummary>;

/** UTC day of an epoch-ms instant, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days ending with `now`'s day, oldest first. */
export function usageDays(now: number, days: number): string[] {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * 86_400_000));
}
