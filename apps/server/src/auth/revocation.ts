import { type AuthRevoked, localTopics, topics } from '../bus/bus';
import type { Services } from '../context';
import { hashToken } from './tokens';

/** What consumers receive: the token only as its hash, since the event crosses Redis. */
export interface Revocation {
  userId: number;
  tokenHash?: string;
  reason: string;
}

/** Payload of `localTopics.entityDeleted`. */
export interface EntityDeleted {
  devices?: string[];
  gateways?: string[];
  applications?: number[];
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
export function installRevocationRelay(s: Services): void {
  if (!s.config.REDIS_URL) return;
  const offs = [
    s.local.subscribe(localTopics.authRevoked, (e) =>
      s.bus.publish(topics.authRevoked, toRevocation(e as AuthRevoked)),
    ),
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
export function onAuthRevoked(s: Services, handler: (r: Revocation) => void): () => void {
  const offs = [s.local.subscribe(localTopics.authRevoked, (e) => handler(toRevocation(e as AuthRevoked)))];
  if (s.config.REDIS_URL) offs.push(s.bus.subscribe(topics.authRevoked, (e) => handler(e as Revocation)));
  return () => {
    for (const off of offs) off();
  };
}

/** Deletions of devices, gateways and applications, like `onAuthRevoked`. */
export function onEntityDeleted(s: Services, handler: (e: EntityDeleted) => void): () => void {
  const offs = [s.local.subscribe(localTopics.entityDeleted, (e) => handler(e as EntityDeleted))];
  if (s.config.REDIS_URL) offs.push(s.bus.subscribe(topics.entityDeleted, (e) => handler(e as EntityDeleted)));
  return () => {
    for (const off of offs) off();
  };
}
