import type { LadtpStatus } from '@lns/lorawan/relay/rhf3m485';
import type { RelayStatusBody } from '@lns/lorawan/relay/rhf3mr01';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { relayStatusHistory } from '../db/schema/relay';

/** Battery 255 on the wire: unknown. */
const BATTERY_UNKNOWN = 255;

/** A status block in the API's units (voltage V, temperature °C, battery null when unknown). */
export function statusValues(s: Record<string, number>): Record<string, number | null> {
  const out: Record<string, number | null> = { ...s };
  if ('voltage' in s) out.voltage = s.voltage! / 1000;
  if ('temperature' in s) out.temperature = s.temperature! / 10;
  if ('battery' in s) out.battery = s.battery === BATTERY_UNKNOWN ? null : s.battery!;
  return out;
}

/**
 * A status the device reported (relay StatusReport/StatusAns, ladtp Heartbeat/StatusAns): kept as
 * the last one, in wire units, and added to the status history. A relay's block also carries its modes.
 */
export async function saveStatus(
  db: Db,
  devEUI: string,
  s: RelayStatusBody | LadtpStatus,
  now = Date.now(),
): Promise<void> {
  // Only the block's numbers (a report's message also carries its type).
  const block = Object.fromEntries(Object.entries(s).filter(([, v]) => typeof v === 'number')) as Record<
    string,
    number
  >;
  const modes = 'workMode' in s ? { work_mode: s.workMode, backward_mode: s.backwardMode } : {};
  await updateDevice(db, devEUI, { status: block, reported_at: now, ...modes }, now);
  await db.insert(relayStatusHistory).values({ devEui: devEUI, vals: statusValues(block), createdAt: now });
}

/** Sets columns of the device's row (created when the device has none yet). */
export async function updateDevice(db: Db, devEUI: string, set: Record<string, unknown>, now = Date.now()) {
  await db.execute(
    sql`INSERT INTO relay_devices (dev_eui, updated_at) VALUES (${devEUI}, ${now}) ON CONFLICT (dev_eui) DO NOTHING`,
  );
  const cols = Object.entries(set).map(([k, v]) =>
    v !== null && typeof v === 'object'
      ? sql`${sql.identifier(k)} = ${JSON.stringify(v)}::jsonb`
      : sql`${sql.identifier(k)} = ${v}`,
  );
  await db.execute(
    sql`UPDATE relay_devices SET ${sql.join([...cols, sql`updated_at = ${now}`], sql`, `)} WHERE dev_eui = ${devEUI}`,
  );
}
