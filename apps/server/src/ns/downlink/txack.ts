import { sql } from 'drizzle-orm';
import { downlinks } from '../../db/schema/dataplane';
import { settleGateway } from '../multicast/records';
import { downlinkRecordOf } from '../records';
import type { Stage } from '../stage';
import { sendClassC } from './classc';
import { STATUS_SQL as St } from './status-sql';

/**
 * TX_ACK (v2) for a PULL_RESP we sent, matched by token. NONE: delivery success and status SENT_OK
 * (sent OK, or for a confirmed downlink: sent, not yet confirmed). An error: delivery error with
 * the gateway's value; the downlink is queued again while retries are left, else it times out.
 */
export async function handleTxAck(dp: Stage, gwId: string, token: number, error: string): Promise<void> {
  const meta = dp.sender.take(gwId, token);
  if (!meta?.msgID) return;
  await meta.recorded;
  if (meta.mcEUI) {
    const sent = error === 'NONE' || error === '';
    return settleGateway(dp, meta.msgID, gwId, sent ? 'success' : 'error', sent ? null : error.slice(0, 32));
  }
  const now = Date.now();
  const ok = error === 'NONE' || error === '';
  const retries = dp.config.DOWNLINK_RETRIES;
  const rows = await dp.db
    .update(downlinks)
    .set(
      ok
        ? {
            delivery: 'success',
            responseError: null,
            status: sql`CASE WHEN ${downlinks.status} = ${St.SENT} THEN ${St.SENT_OK} ELSE ${downlinks.status} END`,
            updatedAt: now,
          }
        : {
            delivery: 'error',
            responseError: error.slice(0, 32),
            status: sql`CASE WHEN ${downlinks.status} IN (${St.SENT}, ${St.SENT_OK}) AND ${downlinks.retries} < ${retries} THEN ${St.ENQUEUED}
                             WHEN ${downlinks.status} IN (${St.SENT}, ${St.SENT_OK}) THEN ${St.TIMEOUT} ELSE ${downlinks.status} END`,
            retries: sql`CASE WHEN ${downlinks.status} IN (${St.SENT}, ${St.SENT_OK}) AND ${downlinks.retries} < ${retries} THEN ${downlinks.retries} + 1 ELSE ${downlinks.retries} END`,
            updatedAt: now,
          },
    )
    .where(sql`${downlinks.msgId} = ${meta.msgID}`)
    .returning();
  if (rows[0]) dp.events.downlinkStatus(downlinkRecordOf(rows[0]));
  if (meta.classC) await sendClassC(dp, meta.devEUI);
  if (meta.classB) await dp.classB.schedule(meta.devEUI);
}
