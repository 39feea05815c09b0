import { C } from '@lns/contract/codes';
import { type McDownlinkRecord, periodicityOf, MC_DOWNLINK_STATUS as S, TIME_SLOT } from '@lns/contract/multicast';
import { gpsTimeMs, nextPingSlot, unixTimeMs } from '@lns/lorawan/classb';
import { defaultPingSlotSetting, pingSlotChannelAt } from '@lns/lorawan/classb-channels';
import { buildDataFrame } from '@lns/lorawan/frames';
import { getRegion } from '@lns/lorawan/regions';
import type { Txpk } from '@lns/semtech-udp/packets';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { mcDownlinkGateways, mcDownlinks } from '../../db/schema/multicast';
import { DomainError } from '../../errors';
import type { GroupRecord } from '../../multicast/groups';
import { buildTxpk, maxAppBytes, powerOf } from '../downlink/txpk';
import { newMsgId } from '../ids';
import type { Stage } from '../stage';
import { type GatewayOutcome, mcDownlinkRecordOf, settleGateways } from './records';

/** A class B frame goes to the gateway this long before its ping slot (and the slot is at least this far ahead). */
const CLASS_B_LEAD_MS = 1_500;

/**
 * Sends a multicast downlink of a group: one frame (McAddr, the group's session keys, the next
 * group FCnt, unconfirmed) through every member gateway this server can reach. Class C leaves at
 * once (`imme`) on the region's RX2 frequency and DR, what the members' class C session was set up
 * with; with the extension, gateway i waits i time slots so overlapping gateways do not collide.
 * Class B leaves for the group's next ping slot (`tmms`, GPS time) through class B gateways only,
 * handed to them shortly before the slot, on the region's ping-slot channel for McAddr in that
 * slot's beacon period (hopping in US915, AU915, CN470; what the members' class B session was set
 * up with); the answer then says `waiting` with the slot's time.
 */
export async function sendMulticast(
  dp: Stage,
  group: GroupRecord,
  req: { fPort: number; data: string },
): Promise<McDownlinkRecord> {
  const region = getRegion(group.region);
  const classB = group.mcClass === 'B';
  const payload = Buffer.from(req.data, 'hex');
  const max = maxAppBytes(region, classB ? defaultPingSlotSetting(region).dr : region.rx2.dr);
  if (payload.length > max)
    throw new DomainError(C.PARAM_FORMAT, `at most ${max} bytes at the group's data rate`, 'data');
  const members = rowsOf(
    await dp.db.execute(sql`
      SELECT g.gw_id, g.enable_class_b FROM mc_gateways m JOIN gateways g ON g.gw_id = m.gw_id
      WHERE m.mc_eui = ${group.mcEui} ORDER BY m.created_at, g.gw_id`),
  );
  const gwIds = members
    .filter((g) => (!classB || Boolean(g.enable_class_b)) && dp.sender.canReach(String(g.gw_id)))
    .map((g) => String(g.gw_id));
  if (gwIds.length === 0) {
    const why = classB ? 'no class B gateway of the group is connected' : 'no gateway of the group is connected';
    throw new DomainError(C.MC_GATEWAY_MISSING, why, 'mcEUI');
  }

  const msgID = newMsgId();
  const now = Date.now();
  const tmms = classB
    ? nextPingSlot({
        nowGpsMs: gpsTimeMs(now + CLASS_B_LEAD_MS),
        devAddr: group.mcAddr,
        periodicity: periodicityOf(group.pingSlotPeriod),
      })
    : null;
  const sendAt = tmms === null ? now : unixTimeMs(tmms);
  // The FCnt is taken with the record in one transaction: a crash after it cannot reuse it.
  const fCnt = await dp.db.transaction(async (tx) => {
    const [taken] = rowsOf(
      await tx.execute(sql`UPDATE mc_groups SET f_cnt = f_cnt + 1 WHERE mc_eui = ${group.mcEui} RETURNING f_cnt`),
    );
    const n = Number(taken!.f_cnt) - 1;
    await tx.insert(mcDownlinks).values({
      msgId: msgID,
      mcEui: group.mcEui,
      createdAt: now,
      fPort: req.fPort,
      data: req.data,
      fCnt: n,
      mcClass: group.mcClass,
      status: S.WAITING,
      sendAt,
      gatewayNums: gwIds.length,
    });
    await tx.insert(mcDownlinkGateways).values(gwIds.map((gwId) => ({ msgId: msgID, gwId, tmms })));
    return n;
  });

  const phy = buildDataFrame({
    mType: 'UnconfirmedDataDown',
    devAddr: group.mcAddr,
    fCnt,
    fPort: req.fPort,
    payload,
    nwkSKey: group.mcNwkSKey,
    appSKey: group.mcAppSKey,
  });
  const channel =
    tmms === null ? { freqHz: region.rx2.frequency, dr: region.rx2.dr } : pingSlotChannelAt(region, group.mcAddr, tmms);
  const base = buildTxpk(region, { phy, window: 'imme', ...channel, powe: 0 });
  const gap = group.enableExt ? group.timeSlotLength * TIME_SLOT.stepMs : 0;
  const txpkFor = (gwId: string): Txpk => {
    const txpk: Txpk = { ...base, powe: powerOf(dp, gwId, region) };
    if (tmms !== null) {
      delete txpk.imme;
      txpk.tmms = tmms;
    }
    return txpk;
  };
  /** Sends through some gateways; their outcomes are recorded in one go before any TX_ACK is read. */
  const sendThrough = async (ids: string[]) => {
    let release!: () => void;
    const recorded = new Promise<void>((r) => {
      release = r;
    });
    const outcomes = ids.map((gwId): GatewayOutcome => {
      const tx = dp.sender.transmit(gwId, txpkFor(gwId), { devEUI: '', msgID, mcEUI: group.mcEui });
      if (!tx) return { gwId, delivery: 'error', error: 'UNREACHABLE' };
      void tx.recorded(recorded);
      dp.metrics.downlinks.inc({ window: tmms === null ? 'imme' : 'tmms' });
      // Protocol v1 sends no TX_ACK: leaving is all we will know.
      return { gwId, delivery: tx.version >= 2 ? 'sent' : 'success', error: null };
    });
    try {
      await settleGateways(dp, msgID, outcomes);
    } finally {
      release();
    }
  };
  const wait = sendAt - CLASS_B_LEAD_MS - Date.now();
  if (tmms !== null && wait > 0) {
    // Gateways hold a scheduled frame only a few seconds: it leaves shortly before its ping slot.
    // (A restart meanwhile leaves the record waiting.)
    setTimeout(() => void sendThrough(gwIds).catch((err) => dp.log.error({ err }, 'class B multicast')), wait).unref();
  } else if (!gap) await sendThrough(gwIds);
  else {
    // With the extension gateway i sends i time slots after the first; the answer does not wait.
    await sendThrough(gwIds.slice(0, 1));
    dp.track(
      (async () => {
        for (const gwId of gwIds.slice(1)) {
          await new Promise((r) => setTimeout(r, gap));
          await sendThrough([gwId]);
        }
      })(),
    );
  }
  const [row] = await dp.db.select().from(mcDownlinks).where(sql`${mcDownlinks.msgId} = ${msgID}`);
  return mcDownlinkRecordOf(row!);
}
