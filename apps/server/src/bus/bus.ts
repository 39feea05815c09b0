/**
 * The event bus between the data plane and its consumers (WebSocket streams, HTTP push, MQTT).
 * Topics name what a subscriber watches:
 *   device/<devEUI>/protocol   protocol-layer frames of a device (up and down)
 *   device/<devEUI>/app        application-layer messages of a device
 *   application/<appID>        application-layer messages of every device of an application
 *   gateway/<gwID>             frames heard or sent by a gateway
 */
import type { DownlinkRecord } from '@lns/contract/frames';
import type { McDownlinkRecord, McSyncError, McSyncState } from '@lns/contract/multicast';
import type {
  AgentAnswer,
  AppMessageEvent,
  AppStreamEvent,
  DeviceProtocolEvent,
  EntityDeleted,
  GatewayConnectionEvent,
  GatewayStatEvent,
  GatewayStreamEvent,
  RelayAnnounce,
  RelayedTx,
  Revocation,
  SettingsChanged,
  ShellOutput,
} from './events';

/**
 * The event buses between the data plane and its consumers (WebSocket streams, HTTP push, MQTT).
 * Each bus has a topic map: topic → payload, so `publish` and `subscribe` are checked by the
 * compiler. Parameterised topics are template keys, built by the helpers in `topics`.
 */
export type TopicOf<M> = keyof M & string;

export interface EventBus<M> {
  publish<T extends TopicOf<M>>(topic: T, event: M[T]): void;
  /** Returns the unsubscribe function. */
  subscribe<T extends TopicOf<M>>(topic: T, handler: (event: M[T]) => void): () => void;
  /** Resolves once events published anywhere on the topic reach this subscriber (Redis confirmed it). */
  ready(topic: TopicOf<M>): Promise<void>;
  close(): Promise<void>;
}

/** Topics of `services.bus` (cluster-wide when Redis is configured) and their payloads. */
export interface BusTopics {
  /** Protocol-layer frames of a device (up and down) and its downlinks' status. */
  [deviceProtocol: `device/${string}/protocol`]: DeviceProtocolEvent;
  /** Application-layer messages of a device. */
  [deviceApp: `device/${string}/app`]: AppStreamEvent;
  /** Application-layer messages of every device of an application. */
  [application: `application/${string}`]: AppStreamEvent;
  /** Frames heard or sent by a gateway. */
  [gateway: `gateway/${string}`]: GatewayStreamEvent;
  'control/auth-revoked': Revocation;
  'control/entity-deleted': EntityDeleted;
  'control/settings-changed': SettingsChanged;
  'relay/gateways': RelayAnnounce;
  [relayTx: `relay/tx/${string}`]: RelayedTx;
  [agentResponse: `agent/response/${string}`]: AgentAnswer;
  [shellOut: `agent/shell/${string}`]: ShellOutput;
}

/** Topic names of `services.bus`. */
export const topics = {
  deviceProtocol: (devEUI: string) => `device/${devEUI}/protocol` as const,
  deviceApp: (devEUI: string) => `device/${devEUI}/app` as const,
  application: (appID: number | string) => `application/${appID}` as const,
  gateway: (gwID: string) => `gateway/${gwID}` as const,
  /** Cluster copy of `localTopics.authRevoked` (the token only as its SHA-256), see auth/revocation.ts. */
  authRevoked: 'control/auth-revoked',
  /** Cluster copy of `localTopics.entityDeleted`. */
  entityDeleted: 'control/entity-deleted',
  /** The platform configuration was saved: every instance reads it again (ns/settings.ts). */
  settingsChanged: 'control/settings-changed',
  /** Each instance names the gateways that pull from it (ns/downlink/sender.ts). */
  relayAnnounce: 'relay/gateways',
  /** A PULL_RESP handed to the instance a gateway pulls from. */
  relayTx: (instance: string) => `relay/tx/${instance}` as const,
  /** A gateway agent's answer to its request with this cToken (gateways/agent/channel.ts). */
  agentResponse: (gwId: string, cToken: string) => `agent/response/${gwId}/${cToken}` as const,
  /** Output of the web shell session with this id. */
  shellOut: (session: string) => `agent/shell/${session}` as const,
} as const satisfies Record<string, TopicOf<BusTopics> | ((...a: never[]) => TopicOf<BusTopics>)>;

/** What a group's push URLs receive (URL + /multicast): a downlink's status or a member's setup state. */
export type MulticastEvent =
  | { mcEUI: string; kind: 'downlink'; data: McDownlinkRecord }
  | {
      mcEUI: string;
      kind: 'sync';
      data: { devEUI: string; syncState: McSyncState; syncError: McSyncError | null; syncFCnt: number | null };
    };

/** Topics of `services.local` (events this instance produced, for integrations) and their payloads. */
export interface LocalTopics {
  'app-message': AppMessageEvent;
  'downlink-status': DownlinkRecord;
  'gateway-stat': GatewayStatEvent;
  'gateway-connection': GatewayConnectionEvent;
  'auth-revoked': AuthRevoked;
  'entity-deleted': EntityDeleted;
  'multicast-event': MulticastEvent;
}

/** Topic names of `services.local`. */
export const localTopics = {
  /** An uplink or a join (AppMessage of type 'uplink' or 'join') with its application. */
  appMessage: 'app-message',
  /** DownlinkRecord whose status or delivery changed. */
  downlinkStatus: 'downlink-status',
  /** A gateway's stat report. */
  gatewayStat: 'gateway-stat',
  /** A gateway went online or offline. */
  gatewayConnection: 'gateway-connection',
  /**
   * A credential or a user's rights were withdrawn. With `token` (logout, API token
   * regenerated) only what that token opened ends; without it everything of the user is checked
   * again (password change, admin flag, deletion). Live streams and MQTT sessions end with it, on
   * every instance.
   */
  authRevoked: 'auth-revoked',
  /** Devices, gateways or applications were deleted. */
  entityDeleted: 'entity-deleted',
  /** A multicast downlink's status, or a member's setup state, changed. */
  multicastEvent: 'multicast-event',
} as const satisfies Record<string, TopicOf<LocalTopics>>;

/** Why a user's credentials were revoked. */
export type AuthRevokedReason =
  /** One session ended by its user (`token` names it). */
  | 'logout'
  /** The user changed its own password: every session ended (the caller got a fresh one), API token and MQTT password replaced. */
  | 'password-changed'
  /** An admin set a new password: sessions, API token and MQTT password of the user replaced. */
  | 'password-reset'
  /** The user was deleted with everything it owned. */
  | 'user-deleted'
  /** An admin lost the admin role: its sessions, API token and MQTT password replaced. */
  | 'admin-demoted'
  /** Only the API token was replaced. */
  | 'api-token-rotated'
  /** Only the user's MQTT password was replaced. */
  | 'mqtt-password-rotated'
  /** Only the MQTT password of application `appID` (owned by `userId`) was replaced. */
  | 'app-mqtt-password-rotated';

/**
 * Payload of `localTopics.authRevoked`. With `token` (logout, API token replaced) only what that
 * raw token opened ends; without it everything of `userId` is checked again.
 */
export interface AuthRevoked {
  userId: number;
  reason: AuthRevokedReason;
  token?: string;
  /** For 'app-mqtt-password-rotated': the application whose MQTT password changed. */
  appID?: number;
}

type Handler = (event: unknown) => void;

/** Local fan-out shared by both implementations (payloads were checked by `publish`'s signature). */
export class LocalFanout {
  private readonly handlers = new Map<string, Set<Handler>>();

  add(topic: string, handler: Handler): boolean {
    const set = this.handlers.get(topic);
    if (set) {
      set.add(handler);
      return false;
    }
    this.handlers.set(topic, new Set([handler]));
    return true;
  }

  /** True when the topic has no handler left. */
  remove(topic: string, handler: Handler): boolean {
    const set = this.handlers.get(topic);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(topic);
    return true;
  }

  deliver(topic: string, event: unknown): void {
    const set = this.handlers.get(topic);
    if (!set) return;
    for (const h of [...set]) {
      try {
        h(event);
      } catch {
        // A failing consumer must not stop the others or the publisher.
      }
    }
  }
}

/** Single-instance bus: publish delivers synchronously to local subscribers. */
export class MemoryBus<M> implements EventBus<M> {
  private readonly fanout = new LocalFanout();

  publish<T extends TopicOf<M>>(topic: T, event: M[T]): void {
    this.fanout.deliver(topic, event);
  }

  subscribe<T extends TopicOf<M>>(topic: T, handler: (event: M[T]) => void): () => void {
    const h = handler as Handler;
    this.fanout.add(topic, h);
    return () => void this.fanout.remove(topic, h);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}
