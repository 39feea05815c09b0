import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { PendingDownlink } from './downlink/classa';
import { STATUS_SQL as St } from './downlink/status-sql';
import { inRemoteGroup } from './multicast/remote-sql';

/** What accepting an uplink gave its device: the reserved downlink FCnt, what to send, what was ACKed. */
export interface Accepted {
  fCntDown: number;
  pending: PendingDownlink[];
  acked: string[];
  /** The device is in a remote multicast group (TS005): its uplink may carry a setup answer. */
  remoteMulticast: boolean;
}

/** Queued downlinks, and confirmed ones still waiting for an ACK (resent when this uplink brings none). */
const PENDING = sql`(q.status = ${St.ENQUEUED} OR (NOT i.ack AND q.status IN (${St.SENT}, ${St.SENT_OK}) AND q.confirmed AND q.ack IS NULL))`;

/**
 * Accepts a batch of uplinks (one per device) in ONE statement: each FCnt advanced only if it is
 * still ahead of the stored one (so a replayed or concurrent copy cannot win, also after a
 * restart), the accepted uplinks' history and outbox rows inserted (`stored`: a crash cannot
 * separate an advanced FCnt from its frame and deliveries), device status updated, the downlink FCnt reserved when a downlink will follow,
 * confirmed downlinks ACKed, and each device's pending downlinks returned. Returns the accepted
 * devices by DevEUI.
 */
export async function acceptMany(
  db: Db,
  stored: SQL,
  input: Record<string, unknown>[],
): Promise<Map<string, Accepted>> {
  const now = Date.now();
  const res = await db.execute(sql`
    WITH i AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(input)}::json) AS x(dev_eui text, f_cnt bigint, now bigint,
        rssi real, snr real, freq bigint, dr smallint, f_port smallint, gw_id text, ack boolean, need_down boolean,
        adr_snr real[], adr_req jsonb)
    ), upd AS (
      UPDATE devices d SET
        f_cnt_up = i.f_cnt + 1, last_seen = i.now, rssi = i.rssi, snr = i.snr, freq = i.freq, dr = i.dr,
        f_port = coalesce(i.f_port, d.f_port), last_gw_id = i.gw_id,
        adr_snr = i.adr_snr, adr_req = coalesce(i.adr_req, d.adr_req),
        f_cnt_down = d.f_cnt_down + CASE WHEN i.need_down
          OR EXISTS (SELECT 1 FROM downlinks q WHERE q.dev_eui = d.dev_eui AND ${PENDING}) THEN 1 ELSE 0 END
      FROM i
      WHERE d.dev_eui = i.dev_eui COLLATE "C" AND d.f_cnt_up <= i.f_cnt
      RETURNING d.dev_eui, d.f_cnt_down, i.ack
    ) ${stored}, acked AS (
      UPDATE downlinks q SET status = ${St.CONFIRMED}, ack = 'ACK', updated_at = ${now}
      FROM upd WHERE upd.ack AND q.dev_eui = upd.dev_eui AND q.status IN (${St.SENT}, ${St.SENT_OK}) AND q.confirmed AND q.ack IS NULL
      RETURNING q.dev_eui, q.msg_id
    )
    SELECT i.*, (SELECT array_agg(acked.msg_id) FROM acked WHERE acked.dev_eui = i.dev_eui) AS acked,
      q.msg_id AS q_msg_id, q.f_port AS q_f_port, q.data AS q_data, q.confirmed AS q_confirmed,
      q.mac_commands AS q_mac, q.status AS q_status, q.retries AS q_retries,
      ${inRemoteGroup(sql`i.dev_eui`)} AS remote_mc
    FROM upd AS i LEFT JOIN LATERAL (
      SELECT * FROM downlinks q WHERE q.dev_eui = i.dev_eui AND ${PENDING}
      ORDER BY q.status DESC, q.id LIMIT 2
    ) q ON true`);
  const out = new Map<string, Accepted>();
  for (const r of rowsOf(res)) {
    const devEUI = String(r.dev_eui);
    let a = out.get(devEUI);
    if (!a) {
      a = {
        fCntDown: Number(r.f_cnt_down) - 1,
        pending: [],
        acked: parsePgArray(r.acked),
        remoteMulticast: r.remote_mc === true,
      };
      out.set(devEUI, a);
    }
    if (r.q_msg_id) {
      a.pending.push({
        msgID: String(r.q_msg_id),
        fPort: Number(r.q_f_port),
        data: String(r.q_data),
        confirmed: Boolean(r.q_confirmed),
        macCommands: Boolean(r.q_mac),
        status: Number(r.q_status),
        retries: Number(r.q_retries),
      });
    }
  }
  return out;
}

/** node-postgres returns text[] as an array; some paths return the '{a,b}' literal. */
function parsePgArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) return v.slice(1, -1).split(',').filter(Boolean);
  return [];
}
