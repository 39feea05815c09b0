import { DOWNLINK_STATUS as S } from '@lns/contract/frames';
import { RELAY_LINK } from '@lns/contract/relay';
import type { Txpk } from '@lns/semtech-udp/packets';
import { inArray, sql } from 'drizzle-orm';
import { downlinks } from '../../db/schema/dataplane';
import { newMsgId } from '../ids';
import { type DownlinkRow, downlinkRecordOf, sfbw } from '../records';
import type { Stage } from '../stage';

export interface SentFrame {
  devEUI: string;
  devAddr: string;
  gwId: string;
  /** Gateway protocol version: v1 sends no TX_ACK, so delivery is final at sending. */
  version: number;
  txpk: Txpk;
  phy: Buffer;
  msgType: number;
  fCnt: number | null;
  fPort: number | null;
  confirmed: boolean;
  ack: boolean;
  macCommands: Record<string, unknown>[];
  /** FRMPayload as sent (encrypted), hex. */
  data: string;
  /** The queued downlink it carried, and whether this is a resend of it. */
  item?: { msgID: string; confirmed: boolean; resend: boolean };
  /** Sent through this relay (inside its ForwardDownlinkReq, ns/relay/downlink.ts). */
  relayDevEUI?: string;
}

/** After a PULL_RESP left: the downlink record becomes "sent", and the frame enters history and streams. */
export async function recordSent(dp: Pick<Stage, 'db' | 'events'>, f: SentFrame): Promise<void> {
  const now = Date.now();
  if (f.item) {
    const status = f.version >= 2 || f.item.confirmed ? S.SENT : S.SENT_OK;
    const rows = await dp.db
      .update(downlinks)
      .set({
        status,
        delivery: 'sent',
        fCnt: f.fCnt,
        gwId: f.gwId,
        dltime: now,
        responseError: null,
        updatedAt: now,
        ...(f.item.resend ? { retries: sql`${downlinks.retries} + 1` } : {}),
      })
      .where(sql`${downlinks.msgId} = ${f.item.msgID}`)
      .returning();
    if (rows[0]) dp.events.downlinkStatus(downlinkRecordOf(rows[0]));
  }
  const { sf, bw } = sfbw(f.txpk.datr);
  const freq = Math.round(f.txpk.freq * 1e6);
  const phyHex = f.phy.toString('hex');
  dp.events.protocolFrame({
    msgID: f.item?.msgID ?? newMsgId(),
    createtime: now,
    devEUI: f.devEUI,
    devAddr: f.devAddr,
    msgType: f.msgType,
    uplink: false,
    confirmed: f.confirmed,
    fCnt: f.fCnt,
    fPort: f.fPort,
    phy: phyHex,
    data: f.data,
    macCommands: f.macCommands,
    ack: f.ack,
    gwID: f.gwId,
    sf,
    bw,
    freq,
    rssi: null,
    snr: null,
    rxInfo: [],
    ...(f.relayDevEUI ? { link: RELAY_LINK.RELAY, relayDevEUI: f.relayDevEUI } : {}),
  });
  // Through a relay the gateway sent the relay's frame: that one is its gateway frame.
  if (f.relayDevEUI) return;
  dp.events.gatewayFrame({
    msgID: newMsgId(),
    createtime: now,
    gwID: f.gwId,
    uplink: false,
    msgType: f.msgType,
    devAddr: f.devAddr,
    devEUI: f.devEUI,
    phy: phyHex,
    data: f.data,
    sf,
    bw,
    freq,
    rssi: null,
    snr: null,
    size: f.phy.length,
  });
}

/** Sets fields of downlink records and publishes their new state. */
export async function updateDownlinks(
  dp: Pick<Stage, 'db' | 'events'>,
  msgIds: string[],
  patch: Partial<typeof downlinks.$inferInsert>,
): Promise<DownlinkRow[]> {
  if (msgIds.length === 0) return [];
  const rows = await dp.db
    .update(downlinks)
    .set({ ...patch, updatedAt: Date.now() })
    .where(inArray(downlinks.msgId, msgIds))
    .returning();
  for (const r of rows) dp.events.downlinkStatus(downlinkRecordOf(r));
  return rows;
}
