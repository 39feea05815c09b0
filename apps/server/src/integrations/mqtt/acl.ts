import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/core';
import { applications } from '../../db/schema/devices';
import { type IntegrationLookup, TtlCache } from '../lookup';
import { parseCommandTopic, topicScope } from './topics';

/**
 * Who is connected: an application (its mqName/password, only while its MQTT switch is on) or a
 * user (mq_username/mq_password of the users table).
 */
export type Principal = { kind: 'app'; appID: number; ownerId: number } | { kind: 'user'; user: AuthUser };

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The embedded broker's access rules. An application reaches `application/<its appID>/...`;
 * a user reaches the applications and gateways it owns; an admin reaches everything. Only
 * downlink command topics accept publishes from clients; events come from the server.
 */
export class MqttAcl {
  private readonly appOwners = new TtlCache<number, number | null>(5000);

  constructor(
    private readonly db: Db,
    private readonly lookup: IntegrationLookup,
  ) {}

  async authenticate(username: string | undefined, password: Buffer | undefined): Promise<Principal | null> {
    if (!username || !password) return null;
    const pw = password.toString('utf8');
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

  async maySubscribe(p: Principal, filter: string): Promise<boolean> {
    if (p.kind === 'user' && p.user.admin) return true;
    const scope = topicScope(filter);
    if (!scope) return false;
    if ('app' in scope) return this.ownsApp(p, scope.app);
    if (p.kind !== 'user') return false;
    const gw = await this.lookup.gateway(scope.gateway);
    return gw?.ownerId === p.user.id;
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
    return p.kind === 'user' ? p.user : { id: p.ownerId, name: '', admin: false };
  }

  private async ownsApp(p: Principal, appID: number): Promise<boolean> {
    if (p.kind === 'app') return p.appID === appID;
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
