import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { FUOTA } from '@lns/contract/fuota';
import { type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { openDataFrame } from '@lns/lorawan/frames';
import { type BusTopics, type EventBus, topics } from '../src/bus/bus';
import type { DeviceProtocolEvent } from '../src/bus/events';
import type { DataPlane } from '../src/ns/dataplane';
import { abpSession } from './dataplane-kit';
import { rxpkOf, type TestGateway } from './gateway';
import { nextEvent } from './next-event';
import { uplinkAnswer } from './uplink-answer';

/** Gateway timestamps of the uplinks, 5 s apart so no two fall into one RX window. */
let tmst = 1_000_000;

/**
 * An ABP class A device that takes part in FUOTA sessions (docs/protocols/fuota.md) through a test
 * gateway: `uplink` sends a frame, with a TS004 answer on FPort 201 when given, and returns the
 * TS004 requests of its RX window; `requested` waits until the server queued a request for it.
 */
export function fuotaMember(
  gw: TestGateway,
  services: { dataPlane: DataPlane; bus: EventBus<BusTopics> },
  d: { devEUI: string; devAddr: string; nwkSKey: string; appSKey: string },
) {
  const frame = abpSession(d);
  let fCnt = 0;
  // TS004 requests queued for the device and not sent yet.
  const queued = new Set<string>();
  const topic = topics.deviceProtocol(d.devEUI);
  const isQueuedRequest = (e: DeviceProtocolEvent) =>
    e.kind === 'downlink' && e.data.fPort === FUOTA.port && e.data.status === DOWNLINK_STATUS.ENQUEUED;
  services.bus.subscribe(topic, (e) => {
    if (e.kind !== 'downlink' || e.data.fPort !== FUOTA.port) return;
    if (isQueuedRequest(e)) queued.add(e.data.msgID);
    else queued.delete(e.data.msgID);
  });
  const requested = () =>
    queued.size > 0
      ? Promise.resolve()
      : nextEvent(services.bus, topic, isQueuedRequest, `device ${d.devEUI}: a request queued`);
  const uplink = async (answer?: Ts004Command): Promise<Ts004Command[]> => {
    const n = ++fCnt;
    const phy = answer ? frame({ fCnt: n, fPort: 201, payload: ts004.encode(answer) }) : frame({ fCnt: n, fPort: 1 });
    tmst += 5_000_000;
    // The class A answer (RX1 or RX2), not a multicast frame sent meanwhile.
    const resp = await uplinkAnswer(
      services,
      gw,
      { devEUI: d.devEUI, fCnt: n, rxpk: rxpkOf(phy, { tmst }) },
      (r) => !r.txpk.imme,
    );
    if (!resp) return [];
    gw.txAck(resp.token);
    const down = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    if (down.frame.fPort !== 201 || !down.payload) return [];
    return ts004.decode(down.payload, 'down');
  };
  return { d, uplink, requested };
}
export type FuotaMember = ReturnType<typeof fuotaMember>;
