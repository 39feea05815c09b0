import { parseGatewayTopic } from '@lns/contract/gateway-mqtt';
import { STREAM_REVALIDATE_MS } from '@lns/contract/streams';
import { type LiveRows, liveRows } from '../../auth/live-check';
import { onAuthRevoked, onEntityDeleted } from '../../auth/revocation';
import type { EntityDeleted, Revocation } from '../../bus/events';
import type { Services } from '../../context';
import type { Principal, SubscriptionScope } from './acl';
import { scopeKeyOf, topicScope } from './topics';

/** What the sessions need from a connected aedes client. */
export interface MqttClientHandle {
  readonly closed: boolean;
  close(): void;
}

/** The broker side: forget the client's stored subscriptions (a persistent session keeps them). */
export type ForgetSubscriptions = (client: MqttClientHandle, filters: string[]) => void;

interface Session {
  principal: Principal;
  username: string;
  password: string;
  /** Granted filter → what it rests on. */
  filters: Map<string, SubscriptionScope>;
  /** `app:<id>` / `gw:<id>` / `mc:<id>` / `admin`: what the client may currently be forwarded. */
  scopes: Set<string>;
}

const scopeKey = (s: SubscriptionScope) =>
  s.kind === 'admin'
    ? 'admin'
    : s.kind === 'gatewayLink'
      ? `link:${s.gwID}`
      : scopeKeyOf(
          s.kind === 'application'
            ? { app: s.appID }
            : s.kind === 'gateway'
              ? { gateway: s.gwID }
              : { multicast: s.mcEUI },
        );

/** Tunable in tests like the streams' limits. */
export const mqttSessionLimits = { revalidateMs: STREAM_REVALIDATE_MS };

/**
 * Every client of the embedded broker with the credentials it signed in with and the rows its
 * subscriptions were granted on. A client whose credentials stop working (user deleted, MQTT
 * password changed, application MQTT switched off or deleted) is disconnected; a client whose
 * subscription rests on a deleted gateway or application, or one it may no longer see, is
 * disconnected and loses that subscription. Messages are forwarded only within scopes still held,
 * so a gateway re-registered by someone else never reaches the former owner's session, not even
 * from the queue of a persistent session.
 */
export class MqttSessions {
  private readonly sessions = new Map<MqttClientHandle, Session>();
  private readonly offs: (() => void)[];
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly s: Services,
    private readonly forget: ForgetSubscriptions,
  ) {
    this.offs = [onAuthRevoked(s, (r) => this.revoked(r)), onEntityDeleted(s, (e) => this.deleted(e))];
    this.schedule();
  }

  signedIn(client: MqttClientHandle, principal: Principal, username: string, password: string): void {
    this.sessions.set(client, { principal, username, password, filters: new Map(), scopes: new Set() });
  }

  granted(client: MqttClientHandle, filter: string, scope: SubscriptionScope): void {
    const session = this.sessions.get(client);
    if (!session) return;
    session.filters.set(filter, scope);
    session.scopes.add(scopeKey(scope));
  }

  gone(client: MqttClientHandle): void {
    this.sessions.delete(client);
  }

  /** Whether a message on `topic` may reach this client now (aedes' authorizeForward). */
  mayForward(client: MqttClientHandle, topic: string): boolean {
    const session = this.sessions.get(client);
    if (!session) return false;
    if (session.scopes.has('admin')) return true;
    const link = parseGatewayTopic(topic);
    if (link) return session.scopes.has(`link:${link.gwID}`);
    const scope = topicScope(topic);
    if (!scope) return false;
    return session.scopes.has(scopeKeyOf(scope));
  }

  /** Checks every session now (the periodic sweep; tests call it directly). */
  sweep(): Promise<void> {
    this.sweeping ??= this.check([...this.sessions.keys()]).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const off of this.offs) off();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.sweep().finally(() => {
        if (this.timer) this.schedule();
      });
    }, mqttSessionLimits.revalidateMs);
    this.timer.unref();
  }

  private async check(clients: MqttClientHandle[]): Promise<void> {
    const live = clients.filter((c) => {
      if (c.closed) this.sessions.delete(c);
      return !c.closed && this.sessions.has(c);
    });
    if (live.length === 0) return;
    const q = {
      users: [] as number[],
      applications: [] as number[],
      gateways: [] as string[],
      multicastGroups: [] as string[],
    };
    for (const c of live) {
      const { principal: p, filters } = this.sessions.get(c)!;
      if (p.kind === 'user') q.users.push(p.user.id);
      else if (p.kind === 'app') q.applications.push(p.appID);
      else q.gateways.push(p.gwID);
      for (const scope of filters.values()) {
        if (scope.kind === 'application') q.applications.push(scope.appID);
        else if (scope.kind === 'gateway' || scope.kind === 'gatewayLink') q.gateways.push(scope.gwID);
        else if (scope.kind === 'multicast') q.multicastGroups.push(scope.mcEUI);
      }
    }
    let rows: LiveRows;
    try {
      rows = await liveRows(this.s.db, q);
    } catch (err) {
      this.s.log.warn({ err }, 'MQTT session re-check failed');
      return;
    }
    for (const c of live) {
      const session = this.sessions.get(c);
      if (session) this.judge(c, session, rows);
    }
  }

  private judge(client: MqttClientHandle, session: Session, rows: LiveRows): void {
    const lost = lostFilters(session, rows);
    if (lost) this.end(client, lost.filters, lost.reason);
  }

  /** Disconnects the client; the filters it lost are also dropped from its stored session. */
  private end(client: MqttClientHandle, filters: string[], reason: string): void {
    const session = this.sessions.get(client);
    this.sessions.delete(client);
    if (session) session.scopes.clear();
    this.s.log.info({ reason }, 'MQTT client disconnected');
    if (filters.length) this.forget(client, filters);
    client.close();
  }

  private revoked(r: Revocation): void {
    if (!r || typeof r.userId !== 'number' || r.tokenHash) return; // MQTT does not sign in with session or API tokens
    const mine = [...this.sessions].filter(([, s]) =>
      s.principal.kind === 'user'
        ? s.principal.user.id === r.userId
        : s.principal.kind === 'app' && s.principal.ownerId === r.userId,
    );
    void this.check(mine.map(([c]) => c));
  }

  private deleted(e: EntityDeleted): void {
    if (!e || typeof e !== 'object') return;
    for (const [client, session] of [...this.sessions]) {
      const p = session.principal;
      if (p.kind === 'app' && e.applications?.includes(p.appID)) {
        this.end(client, [...session.filters.keys()], 'application deleted');
        continue;
      }
      if (p.kind === 'gateway' && e.gateways?.includes(p.gwID)) {
        this.end(client, [...session.filters.keys()], 'gateway deleted');
        continue;
      }
      const lost = [...session.filters]
        .filter(
          ([, s]) =>
            (s.kind === 'application' && e.applications?.includes(s.appID)) ||
            (s.kind === 'gateway' && e.gateways?.includes(s.gwID)) ||
            (s.kind === 'multicast' && e.multicastGroups?.includes(s.mcEUI)),
        )
        .map(([f]) => f);
      if (lost.length) this.end(client, lost, 'subscription target deleted');
    }
  }
}

/** The filters a session may no longer hold (all of them when its credentials stopped working). */
function lostFilters(session: Session, rows: LiveRows): { filters: string[]; reason: string } | undefined {
  const p = session.principal;
  const all = [...session.filters.keys()];
  let admin = false;
  let userId: number | undefined;
  if (p.kind === 'gateway') {
    // A gateway holds only its own link: it ends when the gateway is deleted or its password changes.
    const g = rows.gateways.get(p.gwID);
    const ok = g && g.createdAt === p.createdAt && g.mqttPassword === session.password;
    return ok ? undefined : { filters: all, reason: 'credentials revoked' };
  }
  if (p.kind === 'user') {
    const u = rows.users.get(p.user.id);
    if (u?.mqUsername !== session.username || u.mqPassword !== session.password) {
      return { filters: all, reason: 'credentials revoked' };
    }
    admin = u.admin;
    userId = u.userId;
  } else {
    const a = rows.applications.get(p.appID);
    if (!a?.enableMqtt || a.mqName !== session.username || a.mqPassword !== session.password) {
      return { filters: all, reason: 'credentials revoked' };
    }
  }
  const lost = [...session.filters].filter(([, scope]) => {
    if (scope.kind === 'admin') return !admin;
    if (scope.kind === 'application') {
      const a = rows.applications.get(scope.appID);
      return !a || !(admin || (p.kind === 'app' ? p.appID === scope.appID : a.ownerId === userId));
    }
    // Only a gateway holds its own link (checked above): anyone else loses it.
    if (scope.kind === 'gatewayLink') return true;
    const g = scope.kind === 'gateway' ? rows.gateways.get(scope.gwID) : rows.multicastGroups.get(scope.mcEUI);
    return !g || g.createdAt !== scope.createdAt || !(admin || g.ownerId === userId);
  });
  return lost.length ? { filters: lost.map(([f]) => f), reason: 'access withdrawn' } : undefined;
}
