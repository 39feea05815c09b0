import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema/core';
import { gateways } from '../db/schema/gateways';

/** The settings-table key of the platform's NTP host (docs/product/network-servers.md). */
export const NTP_HOST_KEY = 'ntpHost';

/** The NTP host and when it was set; '' and null while no admin has set one. */
export async function readNtpHost(db: Db): Promise<{ ntpHost: string; updatedAt: number | null }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, NTP_HOST_KEY));
  // A stored value that is not text (written by hand) counts as unset rather than failing every config push.
  return typeof row?.value === 'string'
    ? { ntpHost: row.value, updatedAt: row.updatedAt }
    : { ntpHost: '', updatedAt: null };
}

export async function writeNtpHost(db: Db, ntpHost: string): Promise<void> {
  const now = Date.now();
  await db
    .insert(settings)
    .values({ key: NTP_HOST_KEY, value: ntpHost, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: ntpHost, updatedAt: now } });
}

/** A gateway's time server: its own ntpServer, else the platform's NTP host ('' when neither is set). */
export async function ntpServerOf(db: Db, own: string): Promise<string> {
  return own || (await readNtpHost(db)).ntpHost;
}

/** Gateways that follow the platform's NTP host and are connected over MQTT now (their agents get a new config). */
export async function gatewaysFollowingNtpHost(db: Db): Promise<string[]> {
  const rows = await db
    .select({ gwId: gateways.gwId })
    .from(gateways)
    .where(and(eq(gateways.ntpServer, ''), eq(gateways.mqtt, true), eq(gateways.online, true)));
  return rows.map((r) => r.gwId);
}
