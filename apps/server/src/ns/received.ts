import type { RxInfo } from '@lns/contract/frames';
import type { RxCopy, Uplink } from './dedup';
import { newMsgId } from './ids';
import { bestCopy, freqHz, rxInfoOf, sfbw } from './records';
import type { FrameSink } from './stage';

/** What every stage needs to know about the received uplink. */
export interface Received {
  u: Uplink;
  phy: Buffer;
  phyHex: string;
  rxInfo: RxInfo[];
  best: RxCopy;
  now: number;
  sf: number | null;
  bw: number | null;
  freq: number;
}

export const received = (u: Uplink): Received => {
  const phy = Buffer.from(u.data, 'base64');
  const best = bestCopy(u.copies)!;
  return {
    u,
    phy,
    phyHex: phy.toString('hex'),
    // The best reception first: a message's RSSI and SNR (records.ts, the console's columns) are its first entry's.
    rxInfo: [best, ...u.copies.filter((c) => c !== best)].map(rxInfoOf),
    best,
    now: Date.now(),
    ...sfbw(best.rxpk.datr),
    freq: freqHz(best.rxpk.freq),
  };
};

/** The radio fields of a protocol frame: the best gateway's reception and every gateway's rx info. */
export const radioOf = (rx: Received) => ({
  gwID: rx.best.gwId,
  sf: rx.sf,
  bw: rx.bw,
  freq: rx.freq,
  rssi: rx.best.rxpk.rssi,
  snr: rx.best.rxpk.lsnr ?? null,
  rxInfo: rx.rxInfo,
});

/** One gateway frame per gateway that heard the uplink. */
export function gatewayFrames(
  events: Pick<FrameSink, 'gatewayFrame'>,
  rx: Received,
  info: { msgType: number | null; devAddr: string | null; devEUI: string | null; data: string },
): void {
  for (const c of rx.u.copies) {
    // A relayed copy's gateway heard the relay's uplink (its own gateway frame), not this frame.
    if (c.relay) continue;
    events.gatewayFrame({
      msgID: newMsgId(),
      createtime: rx.now,
      gwID: c.gwId,
      uplink: true,
      ...info,
      phy: rx.phyHex,
      ...sfbw(c.rxpk.datr),
      freq: freqHz(c.rxpk.freq),
      rssi: c.rxpk.rssi,
      snr: c.rxpk.lsnr ?? null,
      size: rx.phy.length,
    });
  }
}
