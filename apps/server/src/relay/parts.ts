import { REASSEMBLY_TIMEOUT_MS, Reassembler } from '@lns/lorawan/relay/reassembly';
import { type DataPart, decodeDataBody, type LadtpData } from '@lns/lorawan/relay/rhf3m485';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { relayParts } from '../db/schema/relay';

export interface Expired {
  frameId: number;
  missing: number[];
}

/** Frames of the device whose first piece came more than the timeout ago: dropped, with what they lacked. */
export async function dropExpired(db: Db, devEUI: string, now: number): Promise<Expired[]> {
  const rows = await db
    .delete(relayParts)
    .where(and(eq(relayParts.devEui, devEUI), lt(relayParts.firstAt, now - REASSEMBLY_TIMEOUT_MS)))
    .returning();
  return rows.map((r) => ({
    frameId: r.frameId,
    missing: r.pieces.flatMap((p, i) => (p === null ? [i] : [])),
  }));
}

/**
 * One DataPartUp (docs/protocols/rhf3m485.md, "Sub-packets"). The pieces kept in relay_parts are
 * replayed into the codec's reassembler, which decides (duplicate, reused frameId, complete); what
 * is left incomplete is written back, so any instance can take the next piece.
 * Returns the frame's data body once whole, with the number of pieces it took.
 */
export async function takePart(
  db: Db,
  devEUI: string,
  part: DataPart,
  now: number,
): Promise<{ data: LadtpData; parts: number } | undefined> {
  const where = and(eq(relayParts.devEui, devEUI), eq(relayParts.frameId, part.frameId));
  const [kept] = await db.select().from(relayParts).where(where);
  const r = new Reassembler();
  kept?.pieces.forEach((bytes, index) => {
    if (bytes !== null) r.add(devEUI, { frameId: part.frameId, index, total: kept.total, bytes }, kept.firstAt);
  });
  const out = r.add(devEUI, part, now);
  if (out.kind === 'duplicate') return undefined;
  if (out.kind === 'complete') {
    await db.delete(relayParts).where(where);
    return { data: decodeDataBody(out.body), parts: part.total };
  }
  const fresh = out.kind === 'restarted' || !kept;
  const pieces: (string | null)[] = fresh ? new Array(part.total).fill(null) : [...kept.pieces];
  pieces[part.index] = part.bytes;
  const firstAt = fresh ? now : kept.firstAt;
  await db
    .insert(relayParts)
    .values({ devEui: devEUI, frameId: part.frameId, total: part.total, pieces, firstAt })
    .onConflictDoUpdate({
      target: [relayParts.devEui, relayParts.frameId],
      set: { total: part.total, pieces, firstAt },
    });
  return undefined;
}
