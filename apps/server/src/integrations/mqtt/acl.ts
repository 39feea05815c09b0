import { timingSafeEqual } from 'node:crypto';
import { GATEWAY_PUBLISHES, GATEWAY_SUBSCRIBES, isGatewayId, parseGatewayTopic } from '@lns/contract/gateway-mqtt';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/core';
import { applications } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { mcGroups } from '../../db/schema/multicast';
import { TtlCache } from '../lookup';
import { parseCommandTopic, topicScope } from './topics';

/**
 * Who is connected: an application (its mqName/password, only while its MQTT switch is on), a
 * user (mq_username/mq_password of the users table) or a gateway (its ID and MQTT password: the
 * MQTT gateway link, docs/protocols/gateway-mqtt.md).
 */
export type Principal =
  | { kind: 'app'; appID: number; ownerId: number }
  | { kind: 'user'; user: AuthUser }
  | { kind: 'gateway'; gwID: string; createdAt: number };

/** `<prefix>/gateway/<gwID>/command/#`: the one wildcard filter a gateway may take. */
const commandWildcard = (filter: string, gwID: string) => {
  const parts = filter.split('/');
  return parts.length === 5 && parts[1] === 'gateway' && parts[2] === gwID && parts[3] === 'command' && parts[4] === '#'
    ? parts[0]!.length > 0 && !/[#+$]/.test(parts[0]!)
    : false;
};

/**
 * What a granted subscription rests on: the admin role, an application (ids are never reused), or
 * the exact gateway row (a gateway deleted and registered again has a new `createdAt`).
 */
export type SubscriptionScope =
  | { kind: 'admin' }
  | { kind: 'application'; appID: number }
  | { kind: 'gateway'; gwID: string; createdAt: number }
  | { kind: 'multicast'; mcEUI: string; createdAt: number }
  /** A gateway's own link topics (`<prefix>/gateway/<its ID>/…`). */
  | { kind: 'gatewayLink'; gwID: string; createdAt: number };

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The embedded broker's access rules. An application reaches `application/<its appID>/...`;
 * a user reaches the applications, gateways and multicast groups it owns; an admin reaches everything. Only
 * downlink command topics accept publishes from clients; events come from the server.
 */
export class MqttAcl {
  private readonly appOwners = new TtlCache<number, number | null>(5000);

  constructor(private readonly db: Db) {}

  async authenticate(username: string | undefined, password: Buffer | undefined): Promise<Principal | null> {
    if (!username || !password) return null;
    const pw = password.toString('utf8');
    if (isGatewayId(username)) {
      const [gw] = await this.db
        .select({ pw: gateways.mqttPassword, createdAt: gateways.createdAt })
        .from(gateways)
        .where(eq(gateways.gwId, username))
        .limit(1);
      if (gw) return gw.pw && same(gw.pw, pw) ? { kind: 'gateway', gwID: username, createdAt: gw.createdAt } : null;
    }
    const [app] = await this.db
      .select({
        id: applications.id,
        ownerId: applications.ownerId,
        pw: applications.mqPassword,
        on: applications.enableMqtt,
      })
      .from(applications)
      .where(eq(applications.mqName, username))
      .limit(1);
    if (app) return app.on && same(app.pw, pw) ? { kind: 'app', appID: app.id, ownerId: app.ownerId } : null;
    const [user] = await this.db
      .select({ id: users.id, name: users.name, admin: users.admin, pw: users.mqPassword })
      .from(users)
      .where(eq(users.mqUsername, username))
      .limit(1);
    if (user && same(user.pw, pw))
      return { kind: 'user', user: { id: user.id, name: user.name, admin: user.admin === 1 } };
    return null;
  }

  /** The scope a subscription to `filter` is granted on, or null when refused. */
  async maySubscribe(p: Principal, filter: string): Promise<SubscriptionScope | null> {
    if (p.kind === 'user' && p.user.admin) return { kind: 'admin' };
    if (p.kind === 'gateway') {
      const t = parseGatewayTopic(filter);
      const own = t?.gwID === p.gwID && GATEWAY_SUBSCRIBES.includes(`${t.kind}/${t.name}`);
      return own || commandWildcard(filter, p.gwID)
        ? { kind: 'gatewayLink', gwID: p.gwID, createdAt: p.createdAt }
        : null;
    }
    const scope = topicScope(filter);
    if (!scope) return null;
    if ('app' in scope) return (await this.ownsApp(p, scope.app)) ? { kind: 'application', appID: scope.app } : null;
    if (p.kind !== 'user') return null;
    if ('multicast' in scope) {
      const [g] = await this.db
        .select({ ownerId: mcGroups.ownerId, createdAt: mcGroups.createdAt })
        .from(mcGroups)
        .where(eq(mcGroups.mcEui, scope.multicast))
        .limit(1);
      return g?.ownerId === p.user.id ? { kind: 'multicast', mcEUI: scope.multicast, createdAt: g.createdAt } : null;
    }
    // Not cached: a gateway deleted a moment ago and registered by someone else must be refused.
    const [gw] = await this.db
      .select({ ownerId: gateways.ownerId, createdAt: gateways.createdAt })
      .from(gateways)
      .where(eq(gateways.gwId, scope.gateway))
      .limit(1);
    return gw?.ownerId === p.user.id ? { kind: 'gateway', gwID: scope.gateway, createdAt: gw.createdAt } : null;
  }

  /** Whether a gateway may publish this (its own event, state and agent topics). */
  gatewayMayPublish(p: Principal, topic: string): boolean {
    if (p.kind !== 'gateway') return false;
    const t = parseGatewayTopic(topic);
    return t?.gwID === p.gwID && GATEWAY_PUBLISHES.includes(`${t.kind}/${t.name}`);
  }

  /** The command's application and device when `p` may send it, else null. */
  async mayPublish(p: Principal, topic: string): Promise<{ appID: number; devEUI: string } | null> {
    const cmd = parseCommandTopic(topic);
    if (!cmd) return null;
    if (p.kind === 'user' && p.user.admin) return cmd;
    return (await this.ownsApp(p, cmd.appID)) ? cmd : null;
  }

  /** The user the downlink queue checks ownership against. */
  userOf(p: Principal): AuthUser {
    if (p.kind === 'user') return p.user;
    return { id: p.kind === 'app' ? p.ownerId : 0, name: '', admin: false };
  }

  private async ownsApp(p: Principal, appID: number): Promise<boolean> {
    if (p.kind === 'app') return p.appID === appID;
    if (p.kind === 'gateway') return false;
    const owner = await this.appOwners.get(appID, async () => {
      const [row] = await this.db
        .select({ ownerId: applications.ownerId })
        .from(applications)
        .where(eq(applications.id, appID))
        .limit(1);
      return row?.ownerId ?? null;
    });
    return owner === p.user.id;
  }
}
