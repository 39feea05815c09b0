/**
 * A LoRaWAN Relay TS011 relay in the simulation, written from docs/protocols/rhf3mr01.md ("Relayed
 * traffic") and the TS011 codecs: it hears end-devices no gateway hears, forwards each of their
 * frames as a ForwardUplinkReq in its own uplink on FPort 226 (encrypted with its NwkSKey, like
 * FPort 0), and hands the PHYPayload of a ForwardDownlinkReq it receives to the end-device.
 */
import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { decodeForwardDownlinkReq, encodeForwardUplinkReq, RELAY_FPORT } from '@lns/lorawan/relay/forward';
import type { SimDevice } from './device';

/** How the relay heard an end-device's frame. */
export interface RelayReception {
  dr: number;
  freqHz: number;
  rssi: number;
  snr: number;
}

export class SimRelay {
  /** End-device frames forwarded, and downlinks handed to an end-device. */
  forwarded = 0;
  handedDown = 0;
  private readonly slaves: Set<string>;

  constructor(
    /** The relay itself: an ordinary end-device with its own session. */
    readonly dev: SimDevice,
    slaves: SimDevice[],
  ) {
    this.slaves = new Set(slaves.map((d) => d.devEUI));
  }

  /** Whether `dev` is out of every gateway's reach and heard by this relay only. */
  hears(dev: SimDevice): boolean {
    return this.slaves.has(dev.devEUI);
  }

  /**
   * The relay's uplink carrying an end-device's PHYPayload (null while the relay has no session:
   * the frame is lost). Unconfirmed and without ADR: the relay's windows are for the answer.
   */
  forward(phy: Buffer, rx: RelayReception): { phy: Buffer; fCnt: number } | null {
    const s = this.dev.session;
    if (!s) return null;
    const fCnt = this.dev.fCntUp;
    const payload = encodeForwardUplinkReq({
      metadata: { dataRate: rx.dr, snr: rx.snr, rssi: rx.rssi, worChannel: 0 },
      frequency: rx.freqHz,
      phyPayload: phy,
    });
    const out = buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: s.devAddr,
      fCnt,
      fPort: RELAY_FPORT,
      payload,
      nwkSKey: s.nwkSKey,
      // FPort 226 is encrypted with the NwkSKey; the codec takes the port's key as appSKey.
      appSKey: s.nwkSKey,
    });
    this.dev.fCntUp = (fCnt + 1) >>> 0;
    this.forwarded++;
    return { phy: out, fCnt };
  }

  /** The end-device PHYPayload inside a ForwardDownlinkReq to this relay; null for any other frame. */
  takeDownlink(phy: Buffer): Buffer | null {
    const s = this.dev.session;
    if (!s || phy.length < 13) return null;
    let opened: ReturnType<typeof openDataFrame>;
    try {
      opened = openDataFrame(phy, { nwkSKey: s.nwkSKey, appSKey: s.nwkSKey, lastFCnt: this.dev.fCntDown });
    } catch {
      return null;
    }
    const f = opened.frame;
    if (!opened.micValid || f.devAddr !== s.devAddr || f.fPort !== RELAY_FPORT || !opened.payload) return null;
    this.dev.fCntDown = opened.fCnt;
    this.handedDown++;
    return Buffer.from(decodeForwardDownlinkReq(opened.payload).phyPayload);
  }
}
