import { getDataRate, type Region } from '@lns/lorawan/regions';
import { decodeForwardUplinkReq } from '@lns/lorawan/relay/forward';
import type { Rxpk } from '@lns/semtech-udp/packets';
import type { RxCopy } from '../dedup';
import type { Received } from '../received';

/**
 * The end-device frame a relay forwarded in a ForwardUplinkReq (FPort 226, already decrypted with
 * the relay's NwkSKey), as a copy for de-duplication: the relay's measurements (frequency, data
 * rate, RSSI, SNR) under the gateway that heard the relay best, with the relay's hop so the answer
 * goes back through it. Undefined when the payload is no ForwardUplinkReq or its data rate is not
 * one of the relay's region.
 */
export function relayedCopy(
  rx: Received,
  relay: { devEUI: string; region: Region; dr: number },
  payload: Buffer,
): RxCopy | undefined {
  let req: ReturnType<typeof decodeForwardUplinkReq>;
  let rate: ReturnType<typeof getDataRate>['rate'];
  try {
    req = decodeForwardUplinkReq(payload);
    rate = getDataRate(relay.region, req.metadata.dataRate).rate;
  } catch {
    return undefined;
  }
  const phy = Buffer.from(req.phyPayload);
  const gw = rx.best.rxpk;
  const rxpk: Rxpk = {
    // The gateway's timestamp of the relay's uplink: the only clock the network has of this frame.
    tmst: gw.tmst,
    ...(gw.time !== undefined ? { time: gw.time } : {}),
    freq: req.frequency / 1e6,
    stat: 1,
    modu: rate.modulation,
    datr: rate.modulation === 'LORA' ? `SF${rate.sf}BW${rate.bw}` : rate.bitrate,
    codr: '4/5',
    rssi: req.metadata.rssi,
    lsnr: req.metadata.snr,
    size: phy.length,
    data: phy.toString('base64'),
  };
  return {
    gwId: rx.best.gwId,
    rxpk,
    at: rx.u.first,
    relay: {
      devEUI: relay.devEUI,
      region: relay.region.id,
      dr: relay.dr,
      copies: rx.u.copies.filter((c) => !c.relay),
      first: rx.u.first,
    },
  };
}
