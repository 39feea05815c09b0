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

export interface GatewayOutcome {
  gwId: string;
  delivery: 'sent' | 'success' | 'error';
  error: string | null;
}

/**
 * What gateways did with a multicast downlink (one statement per kind of outcome), then the
 * downlink's totals: sent while any gateway has not settled, then done when at least one sent it
 * without error, else failed.
 */
export async function settleGateways(dp: Pick<Stage, 'db'>, msgID: string, outcomes: GatewayOutcome[]): Promise<void> {
  const now = Date.now();
  const groups = new Map<string, GatewayOutcome[]>();
  for (const o of outcomes) {
    const k = `${o.delivery}|${o.error ?? ''}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  for (const list of groups.values()) {
    const { delivery, error } = list[0]!;
    const ids = `{${list.map((o) => o.gwId).join(',')}}`;
    await dp.db.execute(sql`
      UPDATE mc_downlink_gateways SET delivery = ${delivery}, error = ${error},
        dltime = CASE WHEN ${delivery}::text = 'sent' OR dltime IS NULL THEN ${now}::bigint ELSE dltime END
      WHERE msg_id = ${msgID} AND gw_id = ANY(${ids}::text[])`);
  }
  await dp.db.execute(sql`
    WITH g AS (
      SELECT count(*) FILTER (WHERE delivery = 'success') AS ok,
             count(*) FILTER (WHERE delivery IN ('not_sent', 'sent')) AS open
      FROM mc_downlink_gateways WHERE msg_id = ${msgID})
    UPDATE mc_downlinks SET sent_nums = g.ok::int,
      status = (CASE WHEN g.open > 0 THEN ${S.SENT}::int WHEN g.ok > 0 THEN ${S.DONE}::int ELSE ${S.FAILED}::int END)::smallint
    FROM g WHERE mc_downlinks.msg_id = ${msgID}`);
}

export const settleGateway = (
  dp: Pick<Stage, 'db'>,
  msgID: string,
  gwId: string,
  delivery: GatewayOutcome['delivery'],
  error: string | null,
) => settleGateways(dp, msgID, [{ gwId, delivery, error }]);
