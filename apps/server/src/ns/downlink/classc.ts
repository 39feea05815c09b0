import { DOWNLINK_STATUS as S } from '@lns/contract/frames';
import { buildDataFrame } from '@lns/lorawan/frames';
import { getRegion } from '@lns/lorawan/regions';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Stage } from '../stage';
import { recordSent, updateDownlinks } from './record';
import { STATUS_SQL as St } from './status-sql';
import { buildTxpk, maxAppBytes, powerOf } from './txpk';

/**
 * Class C: the oldest queued downlink of the device leaves at once (`imme`) on the RX2
 * frequency and data rate, through the gateway that heard the device last. One at a time per
 * device; the next follows the TX_ACK. Without a known gateway here it waits for the next uplink.
 */
export async function sendClassC(dp: Stage, devEUI: string): Promise<void> {
  if (dp.classCBusy.has(devEUI)) return;
  dp.classCBusy.add(devEUI);
  try {
    await sendQueued(dp, devEUI, 'C');
  } finally {
    dp.classCBusy.delete(devEUI);
  }
}

/** Where and when a class B frame goes (class C: at once on RX2). */
export interface PingSlot {
  tmms: number;
  freqHz: number;
  dr: number;
}

/**
 * Sends the device's oldest queued downlink now through the gateway that heard it last: class C
 * `imme` on RX2, class B with `tmms` at the ping slot given. The FCnt is reserved only when
 * something is queued.
 */
export async function sendQueued(dp: Stage, devEUI: string, cls: 'B' | 'C', slot?: PingSlot): Promise<void> {
  const [dev] = rowsOf(
    await dp.db.execute(
      sql`SELECT dev_addr, nwk_s_key, app_s_key, region, last_gw_id, class, relay_dev_eui FROM devices WHERE dev_eui = ${devEUI}`,
    ),
  );
  if (dev?.class !== cls || !dev.dev_addr || !dev.nwk_s_key || !dev.last_gw_id) return;
  // Behind a relay (TS011) a device hears only its relay, after its own uplinks: its queue goes
  // through the relay in its next class A window (docs/protocols/rhf3mr01.md, "Relayed traffic").
  if (dev.relay_dev_eui) return;
  const gwId = String(dev.last_gw_id);
  if (!dp.sender.canReach(gwId)) return;
  // Reserve the downlink FCnt only when something is queued; both in one statement.
  const rows = rowsOf(
    await dp.db.execute(sql`
      WITH q AS (SELECT msg_id, f_port, data, confirmed, mac_commands FROM downlinks
                 WHERE dev_eui = ${devEUI} AND status = ${St.ENQUEUED} ORDER BY id LIMIT 2),
      upd AS (UPDATE devices SET f_cnt_down = f_cnt_down + 1
              WHERE dev_eui = ${devEUI} AND EXISTS (SELECT 1 FROM q) RETURNING f_cnt_down)
      SELECT upd.f_cnt_down, q.* FROM upd, q`),
  );
  const item = rows[0];
  if (!item) return;
  const region = getRegion(String(dev.region));
  const fCnt = Number(item.f_cnt_down) - 1;
  const macCommands = Boolean(item.mac_commands);
  const data = Buffer.from(String(item.data), 'hex');
  const confirmed = Boolean(item.confirmed);
  const msgID = String(item.msg_id);
  const dr = slot?.dr ?? region.rx2.dr;
  if (data.length > maxAppBytes(region, dr)) {
    await updateDownlinks(dp, [msgID], { status: S.TIMEOUT, delivery: 'error', responseError: 'PAYLOAD_SIZE' });
    return;
  }
  const fPort = macCommands ? 0 : Number(item.f_port);
  const phy = buildDataFrame({
    mType: confirmed ? 'ConfirmedDataDown' : 'UnconfirmedDataDown',
    devAddr: String(dev.dev_addr),
    fCnt,
    fCtrl: { fPending: rows.length > 1 },
    fPort,
    payload: data,
    nwkSKey: String(dev.nwk_s_key),
    appSKey: dev.app_s_key ? String(dev.app_s_key) : undefined,
  });
  const txpk = buildTxpk(region, {
    phy,
    window: 'imme',
    dr,
    freqHz: slot?.freqHz ?? region.rx2.frequency,
    powe: powerOf(dp, gwId, region),
  });
  if (slot) {
    delete txpk.imme;
    txpk.tmms = slot.tmms;
  }
  const tx = dp.sender.transmit(gwId, txpk, { devEUI, msgID, classC: cls === 'C', classB: cls === 'B' });
  if (!tx) return;
  dp.metrics.downlinks.inc({ window: slot ? 'tmms' : 'imme' });
  await tx.recorded(
    recordSent(dp, {
      devEUI,
      devAddr: String(dev.dev_addr),
      gwId,
      version: tx.version,
      txpk,
      phy,
      msgType: confirmed ? 5 : 3,
      fCnt,
      fPort,
      confirmed,
      ack: false,
      macCommands: [],
      data: phy.subarray(9, phy.length - 4).toString('hex'),
      item: { msgID, confirmed, resend: false },
    }),
  );
}
