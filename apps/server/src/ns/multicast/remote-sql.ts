import { type SQL, sql } from 'drizzle-orm';

/** A group set up over the air (TS005): remote setup enabled and its key known. Aliases: m (mc_devices), g (mc_groups). */
export const REMOTE_GROUP = sql`g.enable_remote AND g.mc_key IS NOT NULL`;

/** Whether the device `devEui` (an SQL expression) is a member of such a group. */
export const inRemoteGroup = (devEui: SQL) =>
  sql`EXISTS (SELECT 1 FROM mc_devices m JOIN mc_groups g ON g.mc_eui = m.mc_eui WHERE m.dev_eui = ${devEui} AND ${REMOTE_GROUP})`;
