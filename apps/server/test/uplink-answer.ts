import type { Rxpk } from '@lns/semtech-udp/packets';
import { type BusTopics, type EventBus, topics } from '../src/bus/bus';
import type { DataPlane } from '../src/ns/dataplane';
import { drained } from './dataplane-kit';
import { isPullResp, type PullResp, type TestGateway } from './gateway';
import { nextEvent, SERVER_WAIT_MS } from './next-event';

/**
 * Pushes one uplink of device `devEUI` (frame counter `fCnt`) through `gw` and returns the class A
 * answer the server sent to it (the first PULL_RESP after the push that `isAnswer` accepts), or
 * undefined when it sent none. The server publishes its answer before the uplink itself, so once
 * the uplink is heard whether an answer is on its way is known, without guessing a delay.
 */
export async function uplinkAnswer(
  services: { dataPlane: DataPlane; bus: EventBus<BusTopics> },
  gw: TestGateway,
  up: { devEUI: string; fCnt: number; rxpk: Rxpk },
  isAnswer: (r: PullResp) => boolean = () => true,
): Promise<PullResp | undefined> {
  const before = gw.pullResps().length;
  let answered = false;
  const handled = nextEvent(
    services.bus,
    topics.deviceProtocol(up.devEUI),
    (e) => {
      if (e.kind !== 'protocol') return false;
      if (!e.data.uplink) answered = true;
      return e.data.uplink && e.data.fCnt === up.fCnt;
    },
    `device ${up.devEUI}: uplink ${up.fCnt} handled`,
  );
  gw.push([up.rxpk]);
  await handled;
  await drained(services.dataPlane);
  if (!answered) return undefined;
  // Loopback UDP takes moments.
  const answer = () => gw.pullResps().slice(before).find(isAnswer);
  if (!answer()) await gw.waitFor((x) => isPullResp(x) && isAnswer(x), SERVER_WAIT_MS, true);
  return answer();
}
