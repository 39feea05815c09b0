import { RELAY_LINK } from '@lns/contract/relay';
import type { Rxpk } from '@lns/semtech-udp/packets';

/**
 * The relay (LoRaWAN Relay TS011) that forwarded an end-device's frame, carried on the frame's
 * copy through de-duplication: the answer goes back to this relay, in its receive window of the
 * uplink that carried the frame, through a gateway that heard that uplink.
 */
export interface RelayHop {
  devEUI: string;
  /** The relay's region id and the data rate of its uplink (its RX1 data rate follows from it). */
  region: string;
  dr: number;
  /** Every gateway's reception of the relay's uplink. */
  copies: { gwId: string; rxpk: Rxpk; at: number }[];
  /** performance.now() of the relay's uplink: the relay's receive windows count from it. */
  first: number;
}

/** The link fields of a device's frame and message: only relayed frames carry them. */
export function linkOf(best: { relay?: RelayHop }): { link?: 1; relayDevEUI?: string } {
  return best.relay ? { link: RELAY_LINK.RELAY, relayDevEUI: best.relay.devEUI } : {};
}
