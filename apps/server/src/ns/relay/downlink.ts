import { performance } from 'node:perf_hooks';
import { buildDataFrame } from '@lns/lorawan/frames';
import { getRegion, type Region } from '@lns/lorawan/regions';
import { encodeForwardDownlinkReq, RELAY_FPORT } from '@lns/lorawan/relay/forward';
import type { Txpk } from '@lns/semtech-udp/packets';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { recordSent } from '../downlink/record';
import { buildTxpk, maxAppBytes, powerOf, type RxWindow, windowParams } from '../downlink/txpk';
import { bestCopy, freqHz } from '../records';
import type { Stage } from '../stage';
import type { RelayHop } from './hop';

/** MHDR, FHDR without FOpts, FPort and MIC: what a data frame adds to its FOpts and FRMPayload. */
export const DATA_FRAME_OVERHEAD = 13;

export interface RelayWindow {
  window: RxWindow;
  dr: number;
  freqHz: number;
}

function route(
  dp: Pick<Stage, 'sender'>,
  hop: RelayHop,
): { region: Region; copy: RelayHop['copies'][number] } | undefined {
  const copy = bestCopy(hop.copies.filter((c) => dp.sender.canReach(c.gwId)));
  if (!copy) return undefined;
  try {
    return { region: getRegion(hop.region), copy };
  } catch {
    return undefined;
  }
}

/**
 * The relay's receive window (of the uplink that carried the end-device's frame) that can still be
 * met and carries an end-device PHYPayload of `size` bytes as its FRMPayload. In `auto`: RX1 while
 * the deadline allows, RX2 only for a join-accept (`join`): the relay's RX2 is too late for the
 * end-device's data windows (docs/protocols/rhf3mr01.md, "Relayed traffic").
 */
export function relayWindow(
  dp: Pick<Stage, 'sender' | 'config'>,
  hop: RelayHop,
  size: number,
  join: boolean,
): RelayWindow | undefined {
  const r = route(dp, hop);
  if (!r) return undefined;
  const cfg = dp.config;
  const elapsed = performance.now() - hop.first;
  const auto: RxWindow[] = elapsed < cfg.RX1_DEADLINE_MS ? ['rx1'] : [];
  if (join) auto.push('rx2');
  const windows: RxWindow[] = cfg.RX_WINDOW === 'auto' ? auto : [cfg.RX_WINDOW];
  for (const window of windows) {
    try {
      const params = windowParams(r.region, window, { dr: hop.dr, freqHz: freqHz(r.copy.rxpk.freq) });
      if (size <= maxAppBytes(r.region, params.dr)) return { window, ...params };
    } catch {
      // No RX1 mapping for the relay's data rate: try RX2.
    }
  }
  return undefined;
}

export interface RelaySent {
  window: RxWindow;
  gwId: string;
  txpk: Txpk;
  version: number;
  recorded: (p: Promise<unknown>) => Promise<unknown>;
}

/**
 * Sends an end-device's PHYPayload to its relay: a ForwardDownlinkReq on FPort 226, encrypted with
 * the relay's NwkSKey, in an unconfirmed downlink with the next downlink FCnt of the relay, in the
 * relay's window `win`. `meta` is the end-device's (its TX_ACK settles the end-device's downlink).
 * The relay's own frame goes into the relay's history.
 */
export async function sendViaRelay(
  dp: Stage,
  hop: RelayHop,
  win: RelayWindow,
  phy: Buffer,
  meta: { devEUI: string; msgID?: string },
): Promise<RelaySent | undefined> {
  const r = route(dp, hop);
  if (!r) return undefined;
  const [row] = rowsOf(
    await dp.db.execute(sql`UPDATE devices SET f_cnt_down = f_cnt_down + 1
      WHERE dev_eui = ${hop.devEUI} AND dev_addr IS NOT NULL AND nwk_s_key IS NOT NULL
      RETURNING dev_addr, nwk_s_key, f_cnt_down - 1 AS f_cnt`),
  );
  if (!row) return undefined;
  const devAddr = String(row.dev_addr);
  const nwkSKey = String(row.nwk_s_key);
  const fCnt = Number(row.f_cnt);
  const relayPhy = buildDataFrame({
    mType: 'UnconfirmedDataDown',
    devAddr,
    fCnt,
    fPort: RELAY_FPORT,
    payload: encodeForwardDownlinkReq({ phyPayload: phy }),
    nwkSKey,
    // FPort 226 is encrypted with the NwkSKey, like FPort 0 (TS011); the codec takes it as the port's key.
    appSKey: nwkSKey,
  });
  const gwId = r.copy.gwId;
  const txpk = buildTxpk(r.region, {
    phy: relayPhy,
    window: win.window,
    dr: win.dr,
    freqHz: win.freqHz,
    tmst: r.copy.rxpk.tmst,
    delay: r.region.receiveDelay1,
    powe: powerOf(dp, gwId, r.region),
  });
  const tx = dp.sender.transmit(gwId, txpk, meta);
  if (!tx) return undefined;
  await recordSent(dp, {
    devEUI: hop.devEUI,
    devAddr,
    gwId,
    version: tx.version,
    txpk,
    phy: relayPhy,
    msgType: 3,
    fCnt,
    fPort: RELAY_FPORT,
    confirmed: false,
    ack: false,
    macCommands: [],
    data: relayPhy.subarray(9, relayPhy.length - 4).toString('hex'),
  });
  return { window: win.window, gwId, txpk, version: tx.version, recorded: tx.recorded };
}

/** A join-accept to the relay in the first of the relay's windows it fits. */
export async function sendToRelay(
  dp: Stage,
  hop: RelayHop,
  phy: Buffer,
  meta: { devEUI: string },
): Promise<RelaySent | undefined> {
  const win = relayWindow(dp, hop, phy.length, true);
  return win && sendViaRelay(dp, hop, win, phy, meta);
}
