import type { Rxpk } from '@lns/semtech-udp/packets';
import { type BusTopics, type EventBus, topics } from '../src/bus/bus';
import type { DataPlane } from '../src/ns/dataplane';
import { drained } from './dataplane-kit';
import { isPullResp, type PullResp, type TestGateway } from './gateway';

/** Longest a loaded host has been seen to take; reached only when something is wrong. */
export const SERVER_WAIT_MS = 15_000;

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
  let off = () => {};
  const handled = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`device ${up.devEUI}: uplink ${up.fCnt} not handled in ${SERVER_WAIT_MS} ms`)),
      SERVER_WAIT_MS,
    );
    off = services.bus.subscribe(topics.deviceProtocol(up.devEUI), (e) => {
      if (e.kind !== 'protocol') return;
      if (!e.data.uplink) answered = true;
      else if (e.data.fCnt === up.fCnt) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  gw.push([up.rxpk]);
  try {
    await handled;
  } finally {
    off();
  }
  await drained(services.dataPlane);
  if (!answered) return undefined;
  // Loopback UDP takes moments.
  const answer = () => gw.pullResps().slice(before).find(isAnswer);
  if (!answer()) await gw.waitFor((x) => isPullResp(x) && isAnswer(x), SERVER_WAIT_MS, true);
  return answer();
}
