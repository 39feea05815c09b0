import type { AppMessage, ProtocolFrame } from '@lns/contract/frames';
import { ADR_HISTORY } from '@lns/lorawan/adr';
import { computeDataMic, decryptFrmPayload, micEquals } from '@lns/lorawan/crypto';
import { reconstructFCnt } from '@lns/lorawan/fcnt';
import type { MacCommand } from '@lns/lorawan/mac';
import { type DataFrame, decodePhy, micInput, mTypeCode, type PhyPayload } from '@lns/lorawan/phy';
import { dataRateOfDatr, getRegion, type Region } from '@lns/lorawan/regions';
import { RELAY_FPORT } from '@lns/lorawan/relay/forward';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { deviceFrames, deviceMessages, downlinks } from '../db/schema/dataplane';
import { deviceSignal } from '../db/schema/devices';
import { outbox } from '../db/schema/outbox';
import { type DeviceRecord, devicesByAddr } from '../devices/repository';
import type { Decoded } from '../integrations/decoders/decoders';
import { appMessageDeliveries } from '../integrations/outbox/deliveries';
import { completeDecode } from '../integrations/outbox/store';
import { relayUplinks } from '../relay/uplinks';
import { type Accepted, acceptMany } from './accept';
import { type AppOfUplink, appsById, insertsForAccepted } from './accepted-rows';
import { type AdrOutcome, adrAnswered, adrStep, NO_ADR } from './adr';
import { type CutoverDecision, type CutoverMember, cutoverMembers, decideCutover, saveCutover } from './cutover';
import type { Uplink } from './dedup';
import { sendClassA } from './downlink/classa';
import { fuotaUplinks } from './fuota/answers';
import { newMsgId } from './ids';
import { handleJoin } from './join';
import { decodeUplinkMac, macAnswers, macRecords } from './mac';
import { multicastUplinks } from './multicast/setup';
import { devicePlan } from './plan';
import { gatewayFrames, type Received, radioOf, received } from './received';
import { appMessageRow, downlinkRecordOf, protocolFrameRow } from './records';
import { relayedCopy } from './relay/forward';
import { linkOf } from './relay/hop';
import { relayMacRecords } from './relay/mac';
import { rememberRelay } from './relay/remember';
import type { Stage } from './stage';

/**
 * A batch of de-duplicated uplinks (those whose window closed while the previous batch was in
 * the database): data frames share one device lookup and one accepting statement; joins and
 * other frames are handled one by one. Uplinks of a device already in flight are returned, to
 * be retried in the next batch (so one device's frames are accepted in order).
 */
export async function processBatch(dp: Stage, batch: Uplink[], busy: Set<string>): Promise<Uplink[]> {
  const data: { rx: Received; f: DataFrame }[] = [];
  const single: Promise<void>[] = [];
  for (const u of batch) {
    const rx = received(u);
    let frame: PhyPayload;
    try {
      frame = decodePhy(rx.phy);
    } catch {
      dp.metrics.uplinks.inc({ result: 'malformed' });
      gatewayFrames(dp.events, rx, {
        msgType: rx.phy.length > 0 ? rx.phy[0]! >> 5 : null,
        devAddr: null,
        devEUI: null,
        data: '',
      });
      continue;
    }
    if (frame.mType === 'JoinRequest') single.push(handleJoin(dp, rx, frame));
    else if (frame.mType === 'UnconfirmedDataUp' || frame.mType === 'ConfirmedDataUp') data.push({ rx, f: frame });
    else {
      dp.metrics.uplinks.inc({ result: 'ignored' });
      gatewayFrames(dp.events, rx, { msgType: mTypeCode(frame.mType), devAddr: null, devEUI: null, data: '' });
    }
  }
  const deferred = data.length ? await handleDataBatch(dp, data, busy) : [];
  await Promise.all(single);
  return deferred;
}

type Match = { dev: DeviceRecord; fCnt: number } | { replay: DeviceRecord } | undefined;

/** The device whose session MIC matches, with the 32-bit FCnt; a valid MIC on an old FCnt is a replay. */
function matchDevice(candidates: DeviceRecord[], f: DataFrame, phy: Buffer): Match {
  const msg = micInput(phy);
  let replay: DeviceRecord | undefined;
  for (const dev of candidates) {
    if (!dev.nwkSKey) continue;
    const micOk = (fCnt: number) =>
      fCnt >= 0 &&
      fCnt <= 0xffffffff &&
      micEquals(computeDataMic({ key: dev.nwkSKey!, dir: 'up', devAddr: f.devAddr, fCnt, msg }), f.mic);
    const next = dev.fCntUp;
    const last = next > 0 ? next - 1 : null;
    const fwd = reconstructFCnt(f.fCnt, last === null ? null : Math.min(last, 0xffffffff));
    if (fwd >= next && micOk(fwd)) return { dev, fCnt: fwd };
    if (last !== null) {
      let back = last - (last % 0x10000) + f.fCnt;
      if (back > last) back -= 0x10000;
      if (micOk(back)) replay = dev;
    }
  }
  return replay ? { replay } : undefined;
}

interface Candidate {
  rx: Received;
  f: DataFrame;
  dev: DeviceRecord;
  fCnt: number;
  region?: Region;
  dr: number | null;
  confirmed: boolean;
  payload: Buffer;
  macIn: MacCommand[];
  /** A relay's MAC commands with the TS011 ones among them, as the frame shows them. */
  macShown?: Record<string, unknown>[];
  /** FPort 226: a relay's ForwardUplinkReq (its RX windows are left to the forwarded frame's answer). */
  forward: boolean;
  answers: MacCommand[];
  adr: AdrOutcome;
  /** A subnet cutover member's answer and request (ns/cutover.ts). */
  cutover?: CutoverDecision;
  needDown: boolean;
  /** Set once the batch's applications are known (`stage`). */
  app?: AppOfUplink;
  frame?: ProtocolFrame;
  /** The application-layer message, undecoded (fPort > 0). */
  message?: AppMessage;
  /** What the accepting statement stores for this uplink (the rest goes through the writer). */
  frameStored?: boolean;
  messageStored?: boolean;
  /** Outbox rows or a history row wait for the decoder's answer (`completeDecode`). */
  waitsForDecode?: boolean;
}

async function handleDataBatch(
  dp: Stage,
  items: { rx: Received; f: DataFrame }[],
  busy: Set<string>,
): Promise<Uplink[]> {
  const { db, metrics } = dp;
  const addrs = [...new Set(items.map((x) => x.f.devAddr))];
  const byAddr = new Map<string, DeviceRecord[]>();
  for (const d of await devicesByAddr(db, addrs)) {
    const list = byAddr.get(d.devAddr!) ?? [];
    list.push(d);
    byAddr.set(d.devAddr!, list);
  }
  const deferred: Uplink[] = [];
  const matched: { rx: Received; f: DataFrame; dev: DeviceRecord; fCnt: number }[] = [];
  const mine = new Set<string>();
  for (const { rx, f } of items) {
    const candidates = byAddr.get(f.devAddr) ?? [];
    const m = matchDevice(candidates, f, rx.phy);
    if (!m || 'replay' in m) {
      metrics.uplinks.inc({ result: !m ? (candidates.length ? 'bad_mic' : 'unknown_device') : 'replay' });
      gatewayFrames(dp.events, rx, {
        msgType: mTypeCode(f.mType),
        devAddr: f.devAddr,
        devEUI: m ? m.replay.devEui : null,
        data: Buffer.from(f.frmPayload).toString('hex'),
      });
      continue;
    }
    const { dev, fCnt } = m;
    if (busy.has(dev.devEui) || mine.has(dev.devEui)) {
      // Another frame of this device is being accepted: retry after it, in order.
      deferred.push(rx.u);
      continue;
    }
    mine.add(dev.devEui);
    matched.push({ rx, f, dev, fCnt });
  }
  if (matched.length === 0) return deferred;
  for (const e of mine) busy.add(e);
  try {
    const cutovers = await cutoverMembers(dp, [...mine]);
    const cands = matched.map((x) => prepare(dp, x.rx, x.f, x.dev, x.fCnt, cutovers.get(x.dev.devEui)));
    const apps = await appsById(db, [...new Set(cands.map((c) => c.dev.appId))]);
    const stored = stage(dp, cands, apps);
    const accepted = await acceptMany(
      db,
      stored,
      // A device whose application vanished meanwhile is not accepted (it would have no rows).
      cands
        .filter((c) => c.app)
        .map((c) => ({
          dev_eui: c.dev.devEui,
          f_cnt: c.fCnt,
          now: c.rx.now,
          rssi: c.rx.best.rxpk.rssi,
          snr: c.rx.best.rxpk.lsnr ?? null,
          freq: c.rx.freq,
          dr: c.dr,
          f_port: c.f.fPort,
          gw_id: c.rx.best.gwId,
          ack: c.f.fCtrl.ack,
          need_down: c.needDown,
          adr_snr: c.adr.history,
          adr_req: c.adr.request,
        })),
    );
    const done = await Promise.all(
      cands.map((c) => {
        const a = accepted.get(c.dev.devEui);
        if (!a || !c.app) {
          // Another copy or instance took this FCnt between the lookup and the update.
          metrics.uplinks.inc({ result: 'replay' });
          return undefined;
        }
        metrics.uplinks.inc({ result: 'ok' });
        return finish(dp, c, a).then(() => ({
          devEUI: c.dev.devEui,
          fPort: c.f.fPort,
          payload: c.payload,
          productType: c.dev.productType,
          remoteMulticast: a.remoteMulticast,
          // What `finish` (rememberRelay) just stored as the device's relay.
          relayDevEui: c.rx.best.relay?.devEUI ?? null,
        }));
      }),
    );
    const ups = done.filter((u) => u !== undefined);
    if (ups.length) {
      dp.track(multicastUplinks(dp, ups));
      dp.track(fuotaUplinks(dp, ups));
      dp.track(relayUplinks(dp, ups));
    }
  } finally {
    for (const e of mine) busy.delete(e);
  }
  return deferred;
}

function prepare(
  dp: Stage,
  rx: Received,
  f: DataFrame,
  dev: DeviceRecord,
  fCnt: number,
  member?: CutoverMember,
): Candidate {
  let region: Region | undefined;
  let dr: number | null = null;
  try {
    region = getRegion(dev.region);
    dr = dataRateOfDatr(region, rx.best.rxpk.datr);
  } catch {
    // Unknown region or a data rate the region lacks: stored without DR; no downlink possible.
  }
  // FPort 226 (LoRaWAN Relay TS011) is encrypted with the NwkSKey, like FPort 0.
  const forward = f.fPort === RELAY_FPORT;
  const payload =
    f.fPort !== null && f.frmPayload.length > 0
      ? decryptFrmPayload(
          f.fPort === 0 || forward ? dev.nwkSKey! : (dev.appSKey ?? ''),
          'up',
          f.devAddr,
          fCnt,
          f.frmPayload,
        )
      : Buffer.alloc(0);
  const macBytes = f.fPort === 0 ? payload : f.fOpts;
  const macIn = decodeUplinkMac(macBytes);
  // Only uplinks with the ADR bit take part (the plan lookup is not needed otherwise).
  let adr =
    region && dr !== null && f.fCtrl.adr
      ? adrStep({
          dev,
          region,
          subnet: devicePlan(dp, dev, region, rx.best.gwId),
          dr,
          snr: rx.best.rxpk.lsnr ?? null,
          adr: f.fCtrl.adr,
          margin: dp.config.ADR_MARGIN,
        })
      : NO_ADR;
  const cutover =
    member && dr !== null
      ? decideCutover(member, macIn, rx.now, { dataRate: dr, txPower: dev.txPower, nbTrans: dev.nbTrans })
      : undefined;
  // ADR waits while the device is a cutover member (its history is kept): one LinkADRReq block per
  // downlink, and between the cutover's requests ADR's block would enable the device's own plan
  // only, undoing the union it was told, and its LinkADRAns would pass for the cutover's answer.
  if (cutover && adr.request)
    adr = { ...adr, history: [...dev.adrSnr, rx.best.rxpk.lsnr ?? 0].slice(-ADR_HISTORY), commands: [], request: null };
  const answers = [
    ...macAnswers(macIn, { snr: rx.best.rxpk.lsnr ?? 0, sf: rx.sf, gwCount: rx.u.copies.length, receivedAt: rx.now }),
    ...adr.commands,
    ...(cutover?.commands ?? []),
  ];
  const confirmed = f.mType === 'ConfirmedDataUp';
  return {
    rx,
    f,
    dev,
    fCnt,
    region,
    dr,
    confirmed,
    payload,
    macIn,
    macShown: relayMacRecords(dev, macBytes),
    forward,
    answers,
    adr,
    cutover,
    // A ForwardUplinkReq's windows carry the relayed frame's answer; the relay's own wait (docs/protocols/rhf3mr01.md).
    needDown: !forward && (confirmed || answers.length > 0 || f.fCtrl.adrAckReq),
  };
}

/**
 * Builds each candidate's frame and undecoded message and returns the CTEs that store them, with
 * their outbox rows, in the accepting statement (history of a kind switched off is not stored).
 */
function stage(dp: Stage, cands: Candidate[], apps: Map<number, AppOfUplink>): SQL {
  const st = dp.settings.get();
  const frames: Record<string, unknown>[] = [];
  const messages: Record<string, unknown>[] = [];
  const deliveries: Record<string, unknown>[] = [];
  for (const c of cands) {
    const app = apps.get(c.dev.appId);
    if (!app) continue;
    const { rx, f, dev, fCnt, confirmed } = c;
    c.app = app;
    c.frame = {
      msgID: newMsgId(),
      createtime: rx.now,
      devEUI: dev.devEui,
      devAddr: f.devAddr,
      msgType: mTypeCode(f.mType),
      uplink: true,
      confirmed,
      fCnt,
      fPort: f.fPort,
      phy: rx.phyHex,
      data: Buffer.from(f.frmPayload).toString('hex'),
      macCommands: c.macShown ?? macRecords(c.macIn),
      adr: f.fCtrl.adr,
      ack: f.fCtrl.ack,
      ...radioOf(rx),
      ...linkOf(rx.best),
    };
    c.frameStored = st.enableDevMacData;
    if (c.frameStored) frames.push(protocolFrameRow(c.frame));
    // Ports 0 and 226 carry network traffic (MAC commands, relayed frames), no application message.
    if (f.fPort === null || f.fPort === 0 || c.forward) continue;
    c.message = {
      msgID: c.frame.msgID,
      createtime: rx.now,
      type: 'uplink',
      devEUI: dev.devEui,
      devName: dev.name,
      appID: app.appID,
      devAddr: f.devAddr,
      fCnt,
      fPort: f.fPort,
      confirmed,
      data: c.payload.toString('hex'),
      dr: c.dr,
      sf: rx.sf,
      bw: rx.bw,
      freq: rx.freq,
      rxInfo: rx.rxInfo,
      ...linkOf(rx.best),
    };
    c.messageStored = st.enableDevAppData;
    if (c.messageStored) messages.push(appMessageRow(c.message));
    const held = app.decoderVersion !== null;
    const rows = appMessageDeliveries(c.message, app, { held, historyStored: c.messageStored });
    deliveries.push(...(rows as Record<string, unknown>[]));
    c.waitsForDecode = held && (rows.length > 0 || c.messageStored);
  }
  return insertsForAccepted([
    [deviceFrames, frames],
    [deviceMessages, messages],
    [outbox, deliveries],
  ]);
}

/** After acceptance: the downlink leaves first (the RX1 clock is running), then history and events. */
async function finish(dp: Stage, c: Candidate, accepted: Accepted): Promise<void> {
  const { rx, f, dev, fCnt, confirmed, payload, macIn } = c;
  if (c.forward && c.region && c.dr !== null) {
    // The relayed frame goes into de-duplication now: its answer has the relay's RX1 clock running.
    const copy = relayedCopy(rx, { devEUI: dev.devEui, region: c.region, dr: c.dr }, payload);
    if (copy) dp.relayed(copy);
  }
  if (c.region && c.dr !== null && !c.forward && (c.needDown || accepted.pending.length > 0)) {
    await sendClassA(dp, {
      rx,
      dev,
      region: c.region,
      dr: c.dr,
      fCntDown: accepted.fCntDown,
      ackUplink: confirmed,
      answers: c.answers,
      pending: accepted.pending,
    });
  }
  const app = c.app!;
  const frame = c.frame!;
  dp.events.protocolFrame(frame, c.frameStored);
  gatewayFrames(dp.events, rx, { msgType: frame.msgType, devAddr: f.devAddr, devEUI: dev.devEui, data: frame.data });
  dp.writer.add(deviceSignal, {
    devEui: dev.devEui,
    createdAt: rx.now,
    rssi: frame.rssi,
    snr: frame.snr,
    gwId: rx.best.gwId,
  });
  const message = c.message;
  if (message) {
    // Its outbox rows were written with the acceptance (`durable`): the event only wakes the sender.
    const publish = (decoded: Decoded) =>
      dp.events.appMessage({ ...message, ...decoded }, app, { stored: c.messageStored, durable: true });
    if (app.decoderVersion === null) publish({});
    else {
      // Not awaited: the batch goes on while the decoder thread works (it keeps each
      // application's uplinks in order), so a slow script cannot hold up other devices.
      const input = {
        bytes: [...payload],
        fPort: message.fPort!,
        fCnt,
        devEUI: dev.devEui,
        recvTime: new Date(rx.now).toISOString(),
      };
      dp.track(
        dp.decoders.decode({ appID: app.appID, version: app.decoderVersion }, input).then(async (decoded) => {
          if (c.waitsForDecode) await completeDecode(dp.db, message, decoded);
          publish(decoded);
        }),
      );
    }
  }
  const status = macIn.find((x) => x.type === 'DevStatusAns');
  if (status?.type === 'DevStatusAns') {
    await dp.db.execute(
      sql`UPDATE devices SET battery = ${status.battery}, margin = ${status.margin} WHERE dev_eui = ${dev.devEui}`,
    );
  }
  const ping = macIn.find((x) => x.type === 'PingSlotInfoReq');
  if (ping?.type === 'PingSlotInfoReq') {
    await dp.db.execute(
      sql`UPDATE devices SET ping_slot_periodicity = ${ping.periodicity} WHERE dev_eui = ${dev.devEui}`,
    );
  }
  await rememberRelay(dp, dev, rx.best);
  // A class B device just heard: its queued downlinks can take its next ping slot through this gateway.
  if (dev.class === 'B') await dp.classB.schedule(dev.devEui);
  if (c.cutover) await saveCutover(dp, c.cutover, rx.now);
  const adrNow = adrAnswered(dev, macIn);
  if (adrNow) {
    await dp.db.execute(
      sql`UPDATE devices SET tx_power = ${adrNow.txPower}, nb_trans = ${adrNow.nbTrans}, adr_req = NULL WHERE dev_eui = ${dev.devEui}`,
    );
  }
  if (accepted.acked.length > 0) await publishDownlinks(dp, accepted.acked);
}

/** Publishes the current state of these downlink records. */
export async function publishDownlinks(dp: Pick<Stage, 'db' | 'events'>, msgIds: string[]): Promise<void> {
  const rows = await dp.db.select().from(downlinks).where(inArray(downlinks.msgId, msgIds));
  for (const r of rows) dp.events.downlinkStatus(downlinkRecordOf(r));
}
