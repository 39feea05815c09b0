import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Rows straight into the tables (tests of streams and the dashboard only need owners). */
type Rows<T> = { rows: T[] };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function seedApp(db: Db, ownerId: number, name = `app-${hex(3)}`): Promise<number> {
  const now = Date.now();
  const r = (await db.execute(sql`
    INSERT INTO applications (owner_id, name, mq_name, mq_password, created_at, updated_at)
    VALUES (${ownerId}, ${name}, ${`mq-${hex(6)}`}, 'pw', ${now}, ${now}) RETURNING id`)) as unknown as Rows<{
    id: number;
  }>;
  return r.rows[0]!.id;
}

export async function seedDevice(db: Db, appId: number, ownerId: number, region = 'EU868'): Promise<string> {
  const devEUI = hex(8);
  const now = Date.now();
  await db.execute(sql`
    INSERT INTO devices (dev_eui, app_id, owner_id, name, auth_type, app_eui, app_key, region, created_at, updated_at)
    VALUES (${devEUI}, ${appId}, ${ownerId}, ${`dev-${devEUI}`}, 'otaa', ${hex(8)}, ${hex(16)}, ${region}, ${now}, ${now})`);
  return devEUI;
}

export async function seedGateway(db: Db, ownerId: number, opts: { region?: string; online?: boolean } = {}) {
  const gwID = hex(8);
  const now = Date.now();
  const t = (await db.execute(sql`
    INSERT INTO gateway_types (name, arch, support_gps, submodels, created_at, updated_at)
    VALUES (${`t${hex(4)}`}, 'arm', false, '[]', ${now}, ${now}) RETURNING id`)) as unknown as Rows<{ id: number }>;
  await db.execute(sql`
    INSERT INTO gateways (gw_id, owner_id, name, gw_type_id, region, subnet, online, created_at, updated_at)
    VALUES (${gwID}, ${ownerId}, ${`gw-${gwID}`}, ${t.rows[0]!.id}, ${opts.region ?? 'EU868'}, 'default',
      ${opts.online ?? false}, ${now}, ${now})`);
  return gwID;
}
