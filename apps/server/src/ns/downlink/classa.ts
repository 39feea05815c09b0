import { performance } from 'node:perf_hooks';
import { DOWNLINK_STATUS as S } from '@lns/contract/frames';
import { buildDataFrame } from '@lns/lorawan/frames';
import { encodeMacCommands, type MacCommand } from '@lns/lorawan/mac';
import { FOPTS_MAX } from '@lns/lorawan/phy';
import type { Region } from '@lns/lorawan/regions';
import type { Txpk } from '@lns/semtech-udp/packets';
import type { DeviceRecord } from '../../devices/repository';
import { macRecords } from '../mac';
import type { Received } from '../received';
import { bestCopy } from '../records';
import { DATA_FRAME_OVERHEAD, relayWindow, sendViaRelay } from '../relay/downlink';
import type { Stage } from '../stage';
import { recordSent, updateDownlinks } from './record';
import { buildTxpk, maxAppBytes, powerOf, type RxWindow, windowParams } from './txpk';

/** A queued downlink, or a confirmed one waiting for its ACK. */
export interface PendingDownlink {
  msgID: string;
  fPort: number;
  data: string;
  confirmed: boolean;
  macCommands: boolean;
  status: number;
  retries: number;
}

export interface ClassAContext {
  rx: Received;
  dev: DeviceRecord;
  region: Region;
  /** The uplink's data rate. */
  dr: number;
  /** The downlink FCnt reserved by the uplink's statement. */
  fCntDown: number;
  ackUplink: boolean;
  answers: MacCommand[];
  pending: PendingDownlink[];
}

interface Parts {
  fPort: number | null;
  payload: Buffer;
  fOpts: Buffer;
}

/** MAC answers that do not fit in FOpts travel alone as an FRMPayload on port 0. */
function parts(item: PendingDownlink | undefined, answers: Buffer): Parts {
  if (!item) {
    return answers.length <= FOPTS_MAX
      ? { fPort: null, payload: Buffer.alloc(0), fOpts: answers }
      : { fPort: 0, payload: answers, fOpts: Buffer.alloc(0) };
  }
  const data = Buffer.from(item.data, 'hex');
  if (item.macCommands) return { fPort: 0, payload: Buffer.concat([answers, data]), fOpts: Buffer.alloc(0) };
  return { fPort: item.fPort, payload: data, fOpts: answers.length <= FOPTS_MAX ? answers : Buffer.alloc(0) };
}

/**
 * Class A: the downlink after an uplink, in RX1 (uplink tmst + RxDelay) when it can still be met
 * and the payload fits its data rate, else RX2 (tmst + RxDelay + 1 s), through the best gateway
 * (highest SNR, then RSSI) that has a PULL address on this instance.
 */
export async function sendClassA(dp: Stage, c: ClassAContext): Promise<void> {
  const cfg = dp.config;
  let item: PendingDownlink | undefined = c.pending[0];
  let rest = c.pending.slice(1);
  let resend = false;
  const timedOut: string[] = [];
  if (item && item.status !== S.ENQUEUED) {
    if (item.retries >= cfg.DOWNLINK_RETRIES) {
      timedOut.push(item.msgID);
      item = rest[0]?.status === S.ENQUEUED ? rest[0] : undefined;
      rest = [];
    } else resend = true;
  }
  const tasks: Promise<unknown>[] = [];
  if (timedOut.length) tasks.push(updateDownlinks(dp, timedOut, { status: S.TIMEOUT, ack: 'NACK' }));

  const gwCopy = bestCopy(c.rx.u.copies.filter((x) => dp.sender.canReach(x.gwId)));
  const devAddr = c.dev.devAddr;
  if (!gwCopy || !devAddr || !c.dev.nwkSKey) {
    await Promise.all(tasks);
    return;
  }
  const elapsed = performance.now() - c.rx.u.first;
  const windows: RxWindow[] =
    cfg.RX_WINDOW === 'rx1'
      ? ['rx1']
      : cfg.RX_WINDOW === 'rx2' || elapsed >= cfg.RX1_DEADLINE_MS
        ? ['rx2']
        : ['rx1', 'rx2'];
  const up = { dr: c.dr, freqHz: Math.round(gwCopy.rxpk.freq * 1e6) };
  const answers = encodeMacCommands(c.answers);

  // Through a relay: the end-device's whole frame is the relay's FRMPayload, in the relay's window.
  const hop = gwCopy.relay;
  const pick = (p: Parts) => {
    if (hop) return relayWindow(dp, hop, p.payload.length + p.fOpts.length + DATA_FRAME_OVERHEAD, false);
    for (const w of windows) {
      try {
        const params = windowParams(c.region, w, up);
        if (p.payload.length + p.fOpts.length <= maxAppBytes(c.region, params.dr)) return { window: w, ...params };
      } catch {
        // No RX1 mapping for this DR: try the next window.
      }
    }
    return undefined;
  };
  if (hop && !relayWindow(dp, hop, 0, false)) {
    // The relay's RX1 has passed (or no gateway reaches it): the queue waits for the next uplink.
    await Promise.all(tasks);
    return;
  }
  let p = parts(item, answers);
  let win = pick(p);
  if (!win && item) {
    // Too large for the window that is left: the downlink fails; ACK / MAC answers still go out.
    tasks.push(
      updateDownlinks(dp, [item.msgID], { status: S.TIMEOUT, delivery: 'error', responseError: 'PAYLOAD_SIZE' }),
    );
    item = undefined;
    p = parts(undefined, answers);
    win = c.ackUplink || answers.length > 0 ? pick(p) : undefined;
  }
  if (!win) {
    await Promise.all(tasks);
    return;
  }
  const confirmed = item?.confirmed ?? false;
  const phy = buildDataFrame({
    mType: confirmed ? 'ConfirmedDataDown' : 'UnconfirmedDataDown',
    devAddr,
    fCnt: c.fCntDown,
    fCtrl: { ack: c.ackUplink, fPending: rest.length > 0 },
    fOpts: p.fOpts,
    fPort: p.fPort,
    payload: p.payload,
    nwkSKey: c.dev.nwkSKey,
    appSKey: c.dev.appSKey ?? undefined,
  });
  const meta = { devEUI: c.dev.devEui, msgID: item?.msgID };
  let txpk: Txpk;
  let tx: { version: number; recorded: (p: Promise<unknown>) => Promise<unknown> } | undefined;
  let gwId = gwCopy.gwId;
  if (hop) {
    const sent = await sendViaRelay(dp, hop, win, phy, meta);
    tx = sent;
    txpk = sent?.txpk as Txpk;
    gwId = sent?.gwId ?? gwId;
  } else {
    txpk = buildTxpk(c.region, {
      phy,
      window: win.window,
      dr: win.dr,
      freqHz: win.freqHz,
      tmst: gwCopy.rxpk.tmst,
      delay: c.region.receiveDelay1,
      powe: powerOf(dp, gwCopy.gwId, c.region),
    });
    tx = dp.sender.transmit(gwCopy.gwId, txpk, meta);
  }
  if (!tx) {
    await Promise.all(tasks);
    return;
  }
  dp.metrics.downlinks.inc({ window: win.window });
  dp.metrics.pullRespLatency.observe((performance.now() - c.rx.u.first) / 1000);
  const frm = phy.subarray(8 + p.fOpts.length + (p.fPort === null ? 0 : 1), phy.length - 4);
  tasks.push(
    tx.recorded(
      recordSent(dp, {
        devEUI: c.dev.devEui,
        devAddr,
        gwId,
        version: tx.version,
        txpk,
        phy,
        ...(hop ? { relayDevEUI: hop.devEUI } : {}),
        msgType: confirmed ? 5 : 3,
        fCnt: c.fCntDown,
        fPort: p.fPort,
        confirmed,
        ack: c.ackUplink,
        macCommands: macRecords(c.answers),
        data: frm.toString('hex'),
        item: item && { msgID: item.msgID, confirmed, resend },
      }),
    ),
  );
  await Promise.all(tasks);
}
