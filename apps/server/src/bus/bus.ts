/**
 * The event bus between the data plane and its consumers (WebSocket streams, HTTP push, MQTT).
 * Topics name what a subscriber watches:
 *   device/<devEUI>/protocol   protocol-layer frames of a device (up and down)
 *   device/<devEUI>/app        application-layer messages of a device
 *   application/<appID>        application-layer messages of every device of an application
 *   gateway/<gwID>             frames heard or sent by a gateway
 */
export type BusHandler = (event: unknown) => void;

export interface EventBus {
  publish(topic: string, event: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Topics of `services.bus` (cluster-wide when Redis is configured), for live streams. */
export const topics = {
  deviceProtocol: (devEUI: string) => `device/${devEUI}/protocol`,
  deviceApp: (devEUI: string) => `device/${devEUI}/app`,
  application: (appID: number | string) => `application/${appID}`,
  gateway: (gwID: string) => `gateway/${gwID}`,
  /** Cluster copy of `localTopics.authRevoked` (the token only as its SHA-256), see auth/revocation.ts. */
  authRevoked: 'control/auth-revoked',
  /** Cluster copy of `localTopics.entityDeleted`. */
  entityDeleted: 'control/entity-deleted',
};

/** Topics of `services.local`: events this instance produced, for integrations. */
export const localTopics = {
  /** AppMessage of type 'uplink' or 'join' (payload: { message: AppMessage, application }). */
  appMessage: 'app-message',
  /** DownlinkRecord whose status or delivery changed. */
  downlinkStatus: 'downlink-status',
  /** A gateway's stat report: { gwID, stat, createtime }. */
  gatewayStat: 'gateway-stat',
  /** A gateway went online or offline: { gwID, online, createtime }. */
  gatewayConnection: 'gateway-connection',
  /**
   * A credential or a user's rights were withdrawn: { userId, token?, reason }. With `token`
   * (logout, API token regenerated) only what that token opened ends; without it everything of
   * the user is checked again (password change, admin flag, deletion). Live streams and MQTT
   * sessions end with it, on every instance.
   */
  authRevoked: 'auth-revoked',
  /** Devices, gateways or applications were deleted: { devices?, gateways?, applications? }. */
  entityDeleted: 'entity-deleted',
};

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

/** Local fan-out shared by both implementations. */
export class LocalFanout {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  add(topic: string, handler: BusHandler): boolean {
    const set = this.handlers.get(topic);
    if (set) {
      set.add(handler);
      return false;
    }
    this.handlers.set(topic, new Set([handler]));
    return true;
  }

  /** True when the topic has no handler left. */
  remove(topic: string, handler: BusHandler): boolean {
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
export class MemoryBus implements EventBus {
  private readonly fanout = new LocalFanout();

  publish(topic: string, event: unknown): void {
    this.fanout.deliver(topic, event);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    this.fanout.add(topic, handler);
    return () => void this.fanout.remove(topic, handler);
  }

  async close(): Promise<void> {}
}
