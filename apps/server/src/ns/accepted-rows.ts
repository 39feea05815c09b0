import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppRef } from '../bus/events';
import type { Db } from '../db/client';
import { recordset } from '../db/recordset';
import { applications } from '../db/schema/devices';

/**
 * CTEs for a statement whose `upd` CTE returns the accepted devices' dev_eui: each inserts its
 * rows for those devices only, so history and outbox rows commit together with the FCnt (or the
 * join) that accepted them, and a refused copy writes nothing.
 */
export function insertsForAccepted(sets: [PgTable, Record<string, unknown>[]][]): SQL {
  const parts = sets
    .filter(([, rows]) => rows.length > 0)
    .map(([table, rows], i) => {
      const r = recordset(table, rows);
      return sql`, ${sql.raw(`stored_${i}`)} AS (INSERT INTO ${r.into} ${r.select}
        WHERE x.dev_eui COLLATE "C" IN (SELECT dev_eui FROM upd))`;
    });
  return sql.join(parts, sql` `);
}

/** An application as the uplink path needs it: integrations and its decoder's version (null: none). */
export type AppOfUplink = AppRef & { decoderVersion: number | null };

/** The applications of a batch of devices, by id. */
export async function appsById(db: Db, ids: number[]): Promise<Map<number, AppOfUplink>> {
  const rows = ids.length
    ? await db
        .select({
          id: applications.id,
          name: applications.name,
          pushUrls: applications.pushUrls,
          headers: applications.headers,
          enableMqtt: applications.enableMqtt,
          ownerId: applications.ownerId,
          // Its type only: the script itself (up to its limit) is the decoder thread's to read.
          decoderType: sql<string | null>`${applications.decoder}->>'type'`,
          updatedAt: applications.updatedAt,
        })
        .from(applications)
        .where(inArray(applications.id, ids))
    : [];
  return new Map(
    rows.map((a) => [
      a.id,
      {
        appID: a.id,
        appName: a.name,
        pushUrls: (a.pushUrls as string[] | null) ?? [],
        headers: (a.headers as Record<string, string> | null) ?? {},
        enableMQTT: a.enableMqtt,
        ownerId: a.ownerId,
        decoderVersion: a.decoderType !== null && a.decoderType !== 'none' ? a.updatedAt : null,
      },
    ]),
  );
}
