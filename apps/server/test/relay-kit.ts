import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { decodeForwardDownlinkReq, encodeForwardUplinkReq, RELAY_FPORT } from '@lns/lorawan/relay/forward';
import type { PullResp } from './gateway';

/**
 * A TS011 relay's side of FPort 226 (docs/protocols/rhf3mr01.md, "Relayed traffic"), for an ABP
 * relay session: its uplinks carrying a frame it heard (SF9, 868.3 MHz, -111 dBm, -4 dB), and the
 * end-device's PHYPayload out of a ForwardDownlinkReq sent to it. FPort 226 is encrypted with the
 * NwkSKey, which the codec takes as the port's key. `fCnt` is the relay's last FCnt up.
 */
export function relaySide(r: { devAddr: string; nwkSKey: string }, fCnt = 0) {
  const forward = (inner: Buffer, fOpts?: Buffer) =>
    buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: r.devAddr,
      fCnt: ++fCnt,
      fOpts,
      fPort: RELAY_FPORT,
      payload: encodeForwardUplinkReq({
        metadata: { dataRate: 3, snr: -4, rssi: -111, worChannel: 0 },
        frequency: 868_300_000,
        phyPayload: inner,
      }),
      nwkSKey: r.nwkSKey,
      appSKey: r.nwkSKey,
    });
  /** Null when the PULL_RESP is no FPort 226 frame of this relay with a valid MIC. */
  const unwrap = (resp: PullResp): Buffer | null => {
    const o = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), { nwkSKey: r.nwkSKey, appSKey: r.nwkSKey });
    if (!o.micValid || o.frame.devAddr !== r.devAddr || o.frame.fPort !== RELAY_FPORT || !o.payload) return null;
    return Buffer.from(decodeForwardDownlinkReq(o.payload).phyPayload);
  };
  return { forward, unwrap };
}
