import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AppMessage, ProtocolFrame } from '@lns/contract/frames';
import { micEquals } from '@lns/lorawan/crypto';
import { buildJoinAccept, computeJoinRequestMic } from '@lns/lorawan/join';
import { deriveSessionKeys10 } from '@lns/lorawan/keys';
import type { JoinRequestFrame } from '@lns/lorawan/phy';
import { dataRateOfDatr, getRegion, type Region } from '@lns/lorawan/regions';
import type { Txpk } from '@lns/semtech-udp/packets';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { deviceFrames, deviceMessages } from '../db/schema/dataplane';
import { deviceSignal } from '../db/schema/devices';
import { outbox } from '../db/schema/outbox';
import { deviceByEui } from '../devices/repository';
import { appMessageDeliveries } from '../integrations/outbox/deliveries';
import { appsById, insertsForAccepted } from './accepted-rows';
import type { RxCopy } from './dedup';
import { recordSent } from './downlink/record';
import { buildTxpk, powerOf, type RxWindow, windowParams } from './downlink/txpk';
import { newMsgId } from './ids';
import { devicePlan } from './plan';
import { gatewayFrames, type Received, radioOf } from './received';
import { appMessageRow, bestCopy, protocolFrameRow } from './records';
import { sendToRelay } from './relay/downlink';
import { linkOf } from './relay/hop';
import type { Stage } from './stage';

const NWK_ID_BITS = [6, 6, 9, 11, 12, 13, 15, 17];

/**
 * A random DevAddr inside the NetID's address block (LoRaWAN Backend Interfaces §13: type prefix,
 * NwkID, then NwkAddr).
 */
export function randomDevAddr(netIdHex: string): string {
  const netId = Number.parseInt(netIdHex, 16);
  const type = netId >>> 21;
  const idBits = NWK_ID_BITS[type]!;
  const prefixBits = type + 1;
  const addrBits = 32 - prefixBits - idBits;
  const prefix = ((1 << type) - 1) << 1;
  const nwkId = netId & ((1 << idBits) - 1);
  const nwkAddr = randomInt(0, 2 ** addrBits);
  const v = prefix * 2 ** (32 - prefixBits) + nwkId * 2 ** addrBits + nwkAddr;
  return (v >>> 0).toString(16).padStart(8, '0');
}

/** A DevAddr no device holds yet. */
async function allocateDevAddr(db: Db, netId: string): Promise<string> {
  for (let i = 0; i < 16; i++) {
    const addr = randomDevAddr(netId);
    const taken = rowsOf(await db.execute(sql`SELECT 1 AS x FROM devices WHERE dev_addr = ${addr} LIMIT 1`));
    if (taken.length === 0) return addr;
  }
  throw new Error('no free DevAddr found in 16 tries');
}

/**
 * OTAA join: MIC with the AppKey, DevNonce never reused (stored per device), a fresh DevAddr and
 * session keys (FCnts reset), then the join-accept in RX1 (tmst + 5 s) or RX2 (tmst + 6 s) with
 * the subnet's CFList, RX1DROffset 0, the region's RX2 DR and RxDelay 1.
 */
export async function handleJoin(dp: Stage, rx: Received, jr: JoinRequestFrame): Promise<void> {
  const { db, config, metrics } = dp;
  const info = { msgType: 0, devAddr: null, devEUI: jr.devEUI, data: '' };
  const dev = await deviceByEui(db, jr.devEUI);
  if (dev?.authType !== 'otaa' || !dev.appKey) {
    metrics.joins.inc({ result: 'unknown_device' });
    gatewayFrames(dp.events, rx, { ...info, devEUI: null });
    return;
  }
  gatewayFrames(dp.events, rx, info);
  if (!micEquals(computeJoinRequestMic(dev.appKey, rx.phy.subarray(0, 19)), jr.mic)) {
    metrics.joins.inc({ result: 'bad_mic' });
    return;
  }
  const nonce = rowsOf(
    await db.execute(sql`INSERT INTO device_nonces (dev_eui, dev_nonce, created_at)
      VALUES (${dev.devEui}, ${jr.devNonce}, ${rx.now}) ON CONFLICT DO NOTHING RETURNING dev_nonce`),
  );
  if (nonce.length === 0) {
    metrics.joins.inc({ result: 'dev_nonce_replay' });
    return;
  }
  let region: Region;
  let dr: number;
  try {
    region = getRegion(dev.region);
    dr = dataRateOfDatr(region, rx.best.rxpk.datr);
  } catch {
    metrics.joins.inc({ result: 'bad_region' });
    return;
  }
  const netId = config.NET_ID.toLowerCase();
  const devAddr = await allocateDevAddr(db, netId);
  const joinNonce = randomInt(0, 0x1000000);
  const keys = deriveSessionKeys10(dev.appKey, joinNonce, netId, jr.devNonce);
  const app = (await appsById(db, [dev.appId])).get(dev.appId);
  if (!app) return;
  // The join's history and outbox rows are written by the statement that makes the session.
  const st = dp.settings.get();
  const msgID = newMsgId();
  const frame: ProtocolFrame = {
    msgID,
    createtime: rx.now,
    devEUI: dev.devEui,
    devAddr,
    msgType: 0,
    uplink: true,
    confirmed: false,
    fCnt: null,
    fPort: null,
    phy: rx.phyHex,
    data: '',
    macCommands: [],
    ...radioOf(rx),
    ...linkOf(rx.best),
  };
  const message: AppMessage = {
    msgID,
    createtime: rx.now,
    type: 'join',
    devEUI: dev.devEui,
    devName: dev.name,
    appID: app.appID,
    devAddr,
    fCnt: null,
    fPort: null,
    confirmed: false,
    data: '',
    dr,
    sf: rx.sf,
    bw: rx.bw,
    freq: rx.freq,
    rxInfo: rx.rxInfo,
    ...linkOf(rx.best),
  };
  const stored = insertsForAccepted([
    [deviceFrames, st.enableDevMacData ? [protocolFrameRow(frame)] : []],
    [deviceMessages, st.enableDevAppData ? [appMessageRow(message)] : []],
    [outbox, appMessageDeliveries(message, app) as Record<string, unknown>[]],
  ]);
  const res = rowsOf(
    await db.execute(sql`
      WITH upd AS (
        UPDATE devices d SET dev_addr = ${devAddr}, nwk_s_key = ${keys.nwkSKey}, app_s_key = ${keys.appSKey},
          f_cnt_up = 0, f_cnt_down = 0, joined_at = ${rx.now}, last_seen = ${rx.now}, rssi = ${rx.best.rxpk.rssi},
          snr = ${rx.best.rxpk.lsnr ?? null}, freq = ${rx.freq}, dr = ${dr}, last_gw_id = ${rx.best.gwId},
          adr_snr = '{}', tx_power = 0, nb_trans = 1, adr_req = NULL, relay_dev_eui = ${rx.best.relay?.devEUI ?? null}
        WHERE d.dev_eui = ${dev.devEui}
        RETURNING d.dev_eui
      ) ${stored}
      SELECT dev_eui FROM upd`),
  );
  if (res.length === 0) return;
  metrics.joins.inc({ result: 'ok' });

  // ---- join-accept -------------------------------------------------------------------------
  const gwCopy = bestCopy(rx.u.copies.filter((c) => dp.sender.canReach(c.gwId)));
  if (gwCopy) {
    let cfList = devicePlan(dp, dev, region, gwCopy.gwId)?.cfList ?? null;
    // Channel-mask CFLists came with RP002 (LoRaWAN 1.0.3); older devices get none.
    if (cfList?.type === 1 && dev.macVersion === '1.0.2') cfList = null;
    const phy = buildJoinAccept({
      appKey: dev.appKey,
      joinNonce,
      netID: netId,
      devAddr,
      dlSettings: { optNeg: false, rx1DrOffset: 0, rx2DataRate: region.rx2.dr },
      rxDelay: 1,
      cfList,
    });
    // Through a relay: to the relay, in its window of the uplink that carried the join-request.
    const hop = gwCopy.relay;
    const tx = hop
      ? await sendToRelay(dp, hop, phy, { devEUI: dev.devEui })
      : direct(dp, region, gwCopy, dr, phy, dev.devEui, rx.u.first);
    if (tx) {
      metrics.downlinks.inc({ window: tx.window });
      metrics.pullRespLatency.observe((performance.now() - rx.u.first) / 1000);
      await recordSent(dp, {
        devEUI: dev.devEui,
        devAddr,
        gwId: tx.gwId,
        version: tx.version,
        txpk: tx.txpk,
        phy,
        ...(hop ? { relayDevEUI: hop.devEUI } : {}),
        msgType: 1,
        fCnt: null,
        fPort: null,
        confirmed: false,
        ack: false,
        macCommands: [],
        data: '',
      });
    }
  }

  // ---- history and events --------------------------------------------------------------------
  dp.events.protocolFrame(frame, st.enableDevMacData);
  dp.writer.add(deviceSignal, {
    devEui: dev.devEui,
    createdAt: rx.now,
    rssi: rx.best.rxpk.rssi,
    snr: rx.best.rxpk.lsnr ?? null,
    gwId: rx.best.gwId,
  });
  dp.events.appMessage(message, app, { stored: st.enableDevAppData, durable: true });
}

/** The join-accept through the gateway: RX1 (tmst + 5 s) unless that deadline has passed, then RX2 (+ 6 s). */
function direct(
  dp: Stage,
  region: Region,
  gwCopy: RxCopy,
  dr: number,
  phy: Buffer,
  devEUI: string,
  first: number,
): { gwId: string; txpk: Txpk; version: number; window: RxWindow } | undefined {
  const config = dp.config;
  const elapsed = performance.now() - first;
  const window: RxWindow =
    config.RX_WINDOW === 'rx2' || (config.RX_WINDOW === 'auto' && elapsed >= config.RX1_DEADLINE_MS + 4000)
      ? 'rx2'
      : 'rx1';
  let params: { dr: number; freqHz: number };
  try {
    params = windowParams(region, window, { dr, freqHz: Math.round(gwCopy.rxpk.freq * 1e6) });
  } catch {
    params = windowParams(region, 'rx2', { dr, freqHz: 0 });
  }
  const txpk = buildTxpk(region, {
    phy,
    window,
    ...params,
    tmst: gwCopy.rxpk.tmst,
    delay: region.joinAcceptDelay1,
    powe: powerOf(dp, gwCopy.gwId, region),
  });
  const tx = dp.sender.transmit(gwCopy.gwId, txpk, { devEUI });
  return tx && { gwId: gwCopy.gwId, txpk, version: tx.version, window };
}
