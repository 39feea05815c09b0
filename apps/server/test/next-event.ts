import type { EventBus, TopicOf } from '../src/bus/bus';

/** Longest a loaded host has been seen to take; reached only when something is wrong. */
export const SERVER_WAIT_MS = 15_000;

/**
 * Resolves on the next event of `topic` that `accept` takes (it sees every event until then);
 * rejects with `waitingFor` in the message after SERVER_WAIT_MS. Subscribed before it returns,
 * so the caller may trigger the event right after calling it.
 */
export function nextEvent<M, T extends TopicOf<M>>(
  bus: EventBus<M>,
  topic: T,
  accept: (event: M[T]) => boolean,
  waitingFor: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${waitingFor}: nothing in ${SERVER_WAIT_MS} ms`));
    }, SERVER_WAIT_MS);
    const off = bus.subscribe(topic, (e) => {
      if (!accept(e)) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}
