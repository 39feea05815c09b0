import { type McDownlinkRecord, MC_DOWNLINK_STATUS as S } from '@lns/contract/multicast';
import { sql } from 'drizzle-orm';
import type { mcDownlinks } from '../../db/schema/multicast';
import type { Stage } from '../stage';

type Row = typeof mcDownlinks.$inferSelect;

export const mcDownlinkRecordOf = (r: Row): McDownlinkRecord => ({
  msgID: r.msgId,
  createtime: r.createdAt,
  mcEUI: r.mcEui,
  fPort: r.fPort,
  data: r.data,
  confirmed: r.confirmed,
  fCnt: r.fCnt,
  mcClass: r.mcClass,
  status: r.status as McDownlinkRecord['status'],
  gatewayNums: r.gatewayNums,
  sentNums: r.sentNums,
  sendAt: r.sendAt,
});

/**
 * What one gateway did with a multicast downlink, then the downlink's totals: sent while any
 * gateway has not settled, then done when at least one sent it without error, else failed.
 */
export async function settleGateway(
  dp: Pick<Stage, 'db'>,
  msgID: string,
  gwId: string,
  delivery: 'sent' | 'success' | 'error',
  error: string | null,
): Promise<void> {
  const now = Date.now();
  await dp.db.execute(sql`
    UPDATE mc_downlink_gateways SET delivery = ${delivery}, error = ${error},
      dltime = CASE WHEN ${delivery}::text = 'sent' OR dltime IS NULL THEN ${now}::bigint ELSE dltime END
    WHERE msg_id = ${msgID} AND gw_id = ${gwId}`);
  await dp.db.execute(sql`
    WITH g AS (
      SELECT count(*) FILTER (WHERE delivery = 'success') AS ok,
             count(*) FILTER (WHERE delivery IN ('not_sent', 'sent')) AS open
      FROM mc_downlink_gateways WHERE msg_id = ${msgID})
    UPDATE mc_downlinks SET sent_nums = g.ok::int,
      status = (CASE WHEN g.open > 0 THEN ${S.SENT}::int WHEN g.ok > 0 THEN ${S.DONE}::int ELSE ${S.FAILED}::int END)::smallint
    FROM g WHERE mc_downlinks.msg_id = ${msgID}`);
}
