import { RELAY_SLAVE_STATUS as SL } from '@lns/contract/relay';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { relaySlaveRecords, relaySlaves } from '../db/schema/relay';

/** A relay's slaves and the record of their changes ("status record", docs/product/relay.md). */
/** Bound, or binding until the relay answers: the slave is this relay's. */
export const HELD: number[] = [SL.BOUND, SL.UPDATING_CONFIG];

export type SlaveRecord = typeof relaySlaves.$inferSelect;

export async function slavesOf(db: Db, relayEui: string, slaveEuis?: string[]): Promise<SlaveRecord[]> {
  return db
    .select()
    .from(relaySlaves)
    .where(
      and(eq(relaySlaves.relayEui, relayEui), slaveEuis ? inArray(relaySlaves.slaveDevEui, slaveEuis) : undefined),
    );
}

/** Sets a slave's status; a change (or a new slave) is recorded. Returns the status before (null: new). */
export async function setSlave(
  db: Db,
  relayEui: string,
  slave: { devEUI: string; devAddr?: string | null },
  to: number,
  now = Date.now(),
): Promise<number | null> {
  const [old] = await slavesOf(db, relayEui, [slave.devEUI]);
  const from = old?.status ?? null;
  await db
    .insert(relaySlaves)
    .values({ relayEui, slaveDevEui: slave.devEUI, slaveDevAddr: slave.devAddr ?? null, status: to, updatedAt: now })
    .onConflictDoUpdate({
      target: [relaySlaves.relayEui, relaySlaves.slaveDevEui],
      set: {
        status: to,
        updatedAt: now,
        ...(slave.devAddr ? { slaveDevAddr: slave.devAddr } : {}),
      },
    });
  if (from !== to)
    await db
      .insert(relaySlaveRecords)
      .values({ relayEui, slaveDevEui: slave.devEUI, fromStatus: from, toStatus: to, createdAt: now });
  return from;
}

/** A bind the relay refused: the slave goes back to where it was (a new one is forgotten). */
export async function restoreSlave(db: Db, relayEui: string, devEUI: string, from: number | null): Promise<void> {
  if (from === null) {
    await db.delete(relaySlaves).where(and(eq(relaySlaves.relayEui, relayEui), eq(relaySlaves.slaveDevEui, devEUI)));
    return;
  }
  await setSlave(db, relayEui, { devEUI }, from);
}

/** The relay of a slave other than `relayEui` that holds it bound or binding (18003). */
export async function otherRelayOf(db: Db, relayEui: string, slaveEui: string): Promise<string | undefined> {
  const rows = await db
    .select({ relayEui: relaySlaves.relayEui })
    .from(relaySlaves)
    .where(
      and(
        eq(relaySlaves.slaveDevEui, slaveEui),
        sql`${relaySlaves.relayEui} <> ${relayEui}`,
        inArray(relaySlaves.status, HELD),
      ),
    )
    .limit(1);
  return rows[0]?.relayEui;
}
