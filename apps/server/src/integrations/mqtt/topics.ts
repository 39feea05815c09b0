/**
 * MQTT topics (docs/integrations.md):
 *   application/<appID>/device/<devEUI>/event/up        uplink (server publishes)
 *   application/<appID>/device/<devEUI>/event/join      join
 *   application/<appID>/device/<devEUI>/event/status    downlink status change
 *   application/<appID>/device/<devEUI>/event/error    a refused downlink command
 *   application/<appID>/device/<devEUI>/command/down    downlink command (clients publish)
 *   gateway/<gwID>/event/stats | event/connection       gateway stat reports and online/offline
 *   multicast/<mcEUI>/event/downlink | event/sync       a group's downlink status and members' setup state
 */
export type DeviceEvent = 'up' | 'join' | 'status' | 'error';
export type GatewayEvent = 'stats' | 'connection';
export type MulticastEventName = 'downlink' | 'sync';

export const deviceEventTopic = (appID: number, devEUI: string, event: DeviceEvent) =>
  `application/${appID}/device/${devEUI}/event/${event}`;
export const downlinkCommandTopic = (appID: number, devEUI: string) =>
  `application/${appID}/device/${devEUI}/command/down`;
export const gatewayEventTopic = (gwID: string, event: GatewayEvent) => `gateway/${gwID}/event/${event}`;
/** Every topic of one multicast group starts with this (`multicast/<mcEUI>/`). */
export const multicastTopicPrefix = (mcEUI: string) => `multicast/${mcEUI}/`;
export const multicastEventTopic = (mcEUI: string, event: MulticastEventName) =>
  `${multicastTopicPrefix(mcEUI)}event/${event}`;

/** Every downlink command topic (a subscription filter). */
export const DOWNLINK_COMMAND_FILTER = 'application/+/device/+/command/down';

/** The application and device of a downlink command topic, or null for any other topic. */
export function parseCommandTopic(topic: string): { appID: number; devEUI: string } | null {
  const m = /^application\/([1-9]\d{0,9})\/device\/([0-9a-fA-F]{16})\/command\/down$/.exec(topic);
  return m ? { appID: Number(m[1]), devEUI: m[2]!.toLowerCase() } : null;
}

/**
 * What a topic or filter is scoped to: its first two levels name the application, the gateway
 * or the multicast group. A wildcard there (or any other root) scopes it to everything (admins only).
 */
export type TopicScope = { app: number } | { gateway: string } | { multicast: string };
export function topicScope(topic: string): TopicScope | null {
  const [root, id] = topic.split('/');
  if (root === 'application' && id && /^[1-9]\d{0,9}$/.test(id)) return { app: Number(id) };
  if (root === 'gateway' && id && /^[0-9a-f]{16}$/.test(id)) return { gateway: id };
  if (root === 'multicast' && id && /^[0-9a-f]{16}$/.test(id)) return { multicast: id };
  return null;
}

/** The key a session holds for a scope (`app:7`, `gw:<EUI>`, `mc:<EUI>`). */
export const scopeKeyOf = (s: TopicScope): string =>
  'app' in s ? `app:${s.app}` : 'gateway' in s ? `gw:${s.gateway}` : `mc:${s.multicast}`;
