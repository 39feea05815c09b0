import { type AuthRevoked, type BusTopics, type EventBus, type LocalTopics, localTopics, topics } from '../bus/bus';
import type { EntityDeleted, Revocation } from '../bus/events';
import type { Config } from '../config';
import { hashToken } from './tokens';

/** Where revocations and deletions travel: this instance's bus, and the cluster's with Redis. */
export interface RevocationBuses {
  local: EventBus<LocalTopics>;
  bus: EventBus<BusTopics>;
  config: Pick<Config, 'REDIS_URL'>;
}

const toRevocation = (e: AuthRevoked): Revocation => ({
  userId: e.userId,
  reason: e.reason,
  ...(e.token ? { tokenHash: hashToken(e.token) } : {}),
});

/**
 * Copies this instance's revocations and deletions onto the cluster bus, so live streams and MQTT
 * sessions held by other instances end too. Only with Redis: without it there is one instance.
 */
export function installRevocationRelay(s: RevocationBuses & { onClose(fn: () => void): void }): void {
  if (!s.config.REDIS_URL) return;
  const offs = [
    s.local.subscribe(localTopics.authRevoked, (e) => s.bus.publish(topics.authRevoked, toRevocation(e))),
    s.local.subscribe(localTopics.entityDeleted, (e) => s.bus.publish(topics.entityDeleted, e)),
  ];
  s.onClose(() => {
    for (const off of offs) off();
  });
}

/**
 * Revocations from this instance (at once) and, with Redis, from every instance. An event may
 * arrive twice (local and its cluster echo); handlers must be idempotent.
 */
export function onAuthRevoked(s: RevocationBuses, handler: (r: Revocation) => void): () => void {
  const offs = [s.local.subscribe(localTopics.authRevoked, (e) => handler(toRevocation(e)))];
  if (s.config.REDIS_URL) offs.push(s.bus.subscribe(topics.authRevoked, (e) => handler(e)));
  return () => {
    for (const off of offs) off();
  };
}

/** Deletions of devices, gateways and applications, like `onAuthRevoked`. */
export function onEntityDeleted(s: RevocationBuses, handler: (e: EntityDeleted) => void): () => void {
  const offs = [s.local.subscribe(localTopics.entityDeleted, (e) => handler(e))];
  if (s.config.REDIS_URL) offs.push(s.bus.subscribe(topics.entityDeleted, (e) => handler(e)));
  return () => {
    for (const off of offs) off();
  };
}
