import { and, eq, inArray, like, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type OutboxRow, outbox } from '../../db/schema/outbox';
import type { Decoded } from '../decoders/decoders';

/**
 * Claims up to `limit` due rows for `leaseMs`, except those of `skip` (receivers that are full or
 * backing off, MQTT while no broker is connected): other instances skip them (SKIP LOCKED while the
 * claim runs, then next_at in the future). A row not settled within the lease (its instance
 * died) becomes due again: delivery is at least once.
 */
export function claimDue(
  db: Db,
  now: number,
  limit: number,
  leaseMs: number,
  skip: { targets: string[]; mqtt: boolean },
) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        lte(outbox.nextAt, now),
        skip.targets.length ? notInArray(outbox.target, skip.targets) : undefined,
        skip.mqtt ? ne(outbox.kind, 'mqtt') : undefined,
      ),
    )
    .orderBy(outbox.nextAt, outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ nextAt: now + leaseMs })
    .where(inArray(outbox.id, due))
    .returning() as Promise<OutboxRow[]>;
}

/** Delivered (or given up): the rows are gone. */
export async function removeRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(outbox).where(inArray(outbox.id, ids));
}

/**
 * MQTT deliveries still waiting whose topic starts with `topicPrefix` are dropped: their source had
 * its MQTT switch turned off, and nothing is to be published for it from then on (not even what
 * waited for a broker). The prefix is a fixed topic path (no LIKE wildcards: EUIs are hex).
 */
export async function dropQueuedMqtt(db: Db, topicPrefix: string): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.kind, 'mqtt'), like(outbox.target, `${topicPrefix}%`)));
}

/** A failed try: counted, with the error, due again at `nextAt`. */
export async function retryLater(db: Db, id: number, attempts: number, nextAt: number, error: string) {
  await db
    .update(outbox)
    .set({ attempts, nextAt, lastError: error.slice(0, 500) })
    .where(eq(outbox.id, id));
}

/** Claimed but not tried (their endpoint is backing off): due again at `nextAt`, no try counted. */
export async function release(db: Db, ids: number[], nextAt: number): Promise<void> {
  if (ids.length) await db.update(outbox).set({ nextAt }).where(inArray(outbox.id, ids));
}

/** Where an uplink's history row is (the device_messages index is by device and time). */
export interface MessageRef {
  msgID: string;
  devEUI: string;
  createtime: number;
}

/**
 * The decoder answered: ONE statement stores the object on the history row, merges it into the
 * held deliveries and releases them, and drops the row that only waited for the decoder.
 */
export async function completeDecode(db: Db, ref: MessageRef, decoded: Decoded, now = Date.now()): Promise<void> {
  const patch = JSON.stringify(decoded);
  await db.execute(sql`
    WITH m AS (
      UPDATE device_messages SET object = ${decoded.object === undefined ? null : JSON.stringify(decoded.object)}::jsonb,
        decode_error = ${decoded.decodeError ?? null}
      WHERE dev_eui = ${ref.devEUI} AND created_at = ${ref.createtime} AND msg_id = ${ref.msgID}
    ), d AS (
      DELETE FROM outbox WHERE message_id = ${ref.msgID} AND kind = 'decode'
    )
    UPDATE outbox SET body = body || ${patch}::jsonb, decode = false, next_at = ${now}
    WHERE message_id = ${ref.msgID} AND decode AND kind <> 'decode'`);
}
