import { type McDownlinkRecord, MC_DOWNLINK_STATUS as S } from '@lns/contract/multicast';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { mcDownlinks } from '../../db/schema/multicast';
import type { Stage } from '../stage';

type Row = typeof mcDownlinks.$inferSelect;

/** The same from a raw `RETURNING *` row (snake_case, bigints as strings on PostgreSQL). */
const mcDownlinkRecordOfRaw = (r: Record<string, unknown>): McDownlinkRecord =>
  mcDownlinkRecordOf({
    id: Number(r.id),
    msgId: String(r.msg_id),
    mcEui: String(r.mc_eui),
    createdAt: Number(r.created_at),
    fPort: Number(r.f_port),
    data: String(r.data),
    confirmed: Boolean(r.confirmed),
    fCnt: Number(r.f_cnt),
    mcClass: String(r.mc_class) as 'B' | 'C',
    status: Number(r.status),
    sendAt: r.send_at === null ? null : Number(r.send_at),
    gatewayNums: Number(r.gateway_nums),
    sentNums: Number(r.sent_nums),
  });

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
export async function settleGateways(
  dp: Pick<Stage, 'db' | 'events'>,
  msgID: string,
  outcomes: GatewayOutcome[],
): Promise<void> {
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
  const [row] = rowsOf(
    await dp.db.execute(sql`
    WITH g AS (
      SELECT count(*) FILTER (WHERE delivery = 'success') AS ok,
             count(*) FILTER (WHERE delivery IN ('not_sent', 'sent')) AS open
      FROM mc_downlink_gateways WHERE msg_id = ${msgID})
    UPDATE mc_downlinks SET sent_nums = g.ok::int,
      status = (CASE WHEN g.open > 0 THEN ${S.SENT}::int WHEN g.ok > 0 THEN ${S.DONE}::int ELSE ${S.FAILED}::int END)::smallint
    FROM g WHERE mc_downlinks.msg_id = ${msgID}
    RETURNING mc_downlinks.*`),
  );
  if (row) dp.events.multicast({ mcEUI: String(row.mc_eui), kind: 'downlink', data: mcDownlinkRecordOfRaw(row) });
}

export const settleGateway = (
  dp: Pick<Stage, 'db' | 'events'>,
  msgID: string,
  gwId: string,
  delivery: GatewayOutcome['delivery'],
  error: string | null,
) => settleGateways(dp, msgID, [{ gwId, delivery, error }]);
