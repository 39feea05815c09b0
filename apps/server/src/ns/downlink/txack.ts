import { sql } from 'drizzle-orm';
import { downlinks } from '../../db/schema/dataplane';
import { downlinkRecordOf } from '../records';
import type { Stage } from '../stage';
import { sendClassC } from './classc';

/**
 * TX_ACK (v2) for a PULL_RESP we sent, matched by token. NONE: delivery success and status 2
 * (sent OK, or for a confirmed downlink: sent, not yet confirmed). An error: delivery error with
 * the gateway's value; the downlink is queued again while retries are left, else status 4.
 */
export async function handleTxAck(dp: Stage, gwId: string, token: number, error: string): Promise<void> {
  const meta = dp.sender.take(gwId, token);
  if (!meta?.msgID) return;
  await meta.recorded;
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
            status: sql`CASE WHEN ${downlinks.status} = 1 THEN 2 ELSE ${downlinks.status} END`,
            updatedAt: now,
          }
        : {
            delivery: 'error',
            responseError: error.slice(0, 32),
            status: sql`CASE WHEN ${downlinks.status} IN (1, 2) AND ${downlinks.retries} < ${retries} THEN 0
                             WHEN ${downlinks.status} IN (1, 2) THEN 4 ELSE ${downlinks.status} END`,
            retries: sql`CASE WHEN ${downlinks.status} IN (1, 2) AND ${downlinks.retries} < ${retries} THEN ${downlinks.retries} + 1 ELSE ${downlinks.retries} END`,
            updatedAt: now,
          },
    )
    .where(sql`${downlinks.msgId} = ${meta.msgID}`)
    .returning();
  if (rows[0]) dp.events.downlinkStatus(downlinkRecordOf(rows[0]));
  if (meta.classC) await sendClassC(dp, meta.devEUI);
}
