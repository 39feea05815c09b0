import { userApi as api } from '@lns/contract/api/users';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { passwordMessage, passwordProblem } from '@lns/contract/password-policy';
import { USER_ROLE, type UserRole } from '@lns/contract/roles';
import type { FastifyRequest } from 'fastify';
import { noteAudit } from '../../audit/hook';
import { verifyPassword } from '../../auth/passwords';
import { attemptKeys, throttled } from '../../auth/throttle';
import { type AuthRevoked, type AuthRevokedReason, localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import { DomainError } from '../../errors';
import type { UserRecord } from '../../users/repository';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const row = (u: UserRecord) => ({ userID: u.id, name: u.name, admin: u.admin as UserRole, createtime: u.createdAt });

/** Broker address handed out with MQTT credentials. */
export function mqttUrlFor(s: Services, req: FastifyRequest): string {
  if (s.config.MQTT_PUBLIC_URL) return s.config.MQTT_PUBLIC_URL;
  if (s.config.MQTT_URL) return s.config.MQTT_URL;
  return `mqtt://${req.hostname.replace(/:\d+$/, '')}:${s.config.MQTT_PORT}`;
}

export const userRoutes: RouteModule = (app, s) => {
  const revoked = (userId: number, reason: AuthRevokedReason) =>
    s.local.publish(localTopics.authRevoked, { userId, reason });
  /** Self, or any user for admins; the target must exist. */
  const selfOrAdmin = async (req: FastifyRequest, userID: number) => {
    if (!req.user.admin && userID !== req.user.id) throw new DomainError(C.FORBIDDEN);
    if (!(await s.users.byId(userID))) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
  };
  const isTaken = async (name: string, exceptId?: number) => {
    const other = await s.users.byName(name);
    return other !== undefined && other.id !== exceptId;
  };

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await s.users.list({ ...pageWindow(q), orderBy: q.orderBy, orderType: q.orderType });
    return list(rows.map(row), amount);
  });

  route(app, api.create, async (req) => {
    if (await isTaken(req.body.name)) throw new DomainError(C.ACCOUNT_EXISTS, undefined, 'name');
    const u = await s.users.create(req.body);
    return ok({ userID: u.id });
  });

  route(app, api.update, async (req) => {
    const { userID, name, password, admin: role } = req.body;
    const target = await s.users.byId(userID);
    if (!target) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
    if (await isTaken(name, userID)) throw new DomainError(C.ACCOUNT_EXISTS, undefined, 'name');
    // A lost admin role, like a new password, ends what the old credentials could still do.
    const demoted = target.admin === USER_ROLE.admin && role === USER_ROLE.common;
    if (demoted && (await s.users.countAdmins(userID)) === 0) {
      throw new DomainError(C.FORBIDDEN, 'the last administrator cannot lose its role', 'admin');
    }
    const revoke = await s.users.update(
      userID,
      { name, admin: role, password: password || undefined },
      { revoke: demoted },
    );
    if (revoke) revoked(userID, password ? 'password-reset' : 'admin-demoted');
    // A new name or role shows on this instance's next call (others within the cache's TTL).
    else s.tokens.forgetUser(userID);
    noteAudit(req, { before: target, after: { ...target, name, admin: role } });
    return ok();
  });

  route(app, api.delete, async (req) => {
    const { userID } = req.body;
    if (userID === req.user.id) throw new DomainError(C.FORBIDDEN, 'you cannot delete yourself', 'userID');
    const target = await s.users.byId(userID);
    if (!target) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
    if (target.admin === USER_ROLE.admin && (await s.users.countAdmins(userID)) === 0) {
      throw new DomainError(C.FORBIDDEN, 'the last administrator cannot be deleted', 'userID');
    }
    await s.users.delete(userID);
    revoked(userID, 'user-deleted');
    return ok();
  });

  // Admins read anyone; a common user may read its own detail (API token, MQTT credentials).
  route(app, api.status, async (req) => {
    const { userID } = req.query;
    if (!req.user.admin && userID !== req.user.id) throw new DomainError(C.FORBIDDEN);
    const u = await s.users.byId(userID);
    if (!u) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
    return ok({
      ...row(u),
      apiToken: u.apiToken,
      mqURL: mqttUrlFor(s, req),
      mqUsername: u.mqUsername,
      mqPassword: u.mqPassword,
    });
  });

  route(app, api.regenerateToken, async (req) => {
    await selfOrAdmin(req, req.body.userID);
    const old = await s.users.byId(req.body.userID);
    const apiToken = await s.users.regenerateApiToken(req.body.userID);
    s.local.publish(localTopics.authRevoked, {
      userId: req.body.userID,
      token: old?.apiToken ?? undefined,
      reason: 'api-token-rotated',
    } satisfies AuthRevoked);
    return ok({ apiToken });
  });

  route(app, api.regenerateMqtt, async (req) => {
    await selfOrAdmin(req, req.body.userID);
    const mqPassword = await s.users.regenerateMqttPassword(req.body.userID);
    revoked(req.body.userID, 'mqtt-password-rotated');
    return ok({ mqPassword });
  });

  route(app, api.changePassword, async (req, reply) => {
    // The caller's own account, also when the change is refused.
    noteAudit(req, { entityID: String(req.user.id) });
    const me = await s.users.byId(req.user.id);
    if (!me) throw new DomainError(C.TOKEN_INVALID);
    const problem = passwordProblem(req.body.newPassword, me.name);
    if (problem) throw new DomainError(problem, passwordMessage(problem), 'newPassword');
    // The current password is a guess like a sign-in: the same counters limit it.
    const keys = attemptKeys(me.name, req.ip);
    const wait = await s.throttle.begin(keys);
    if (wait > 0) throw throttled(reply, wait);
    if (!(await verifyPassword(req.body.currentPassword, me.passwordHash))) {
      throw new DomainError(C.CURRENT_PASSWORD_WRONG, undefined, 'currentPassword');
    }
    await s.throttle.succeeded(keys);
    await s.users.update(me.id, { name: me.name, admin: me.admin, password: req.body.newPassword });
    revoked(me.id, 'password-changed');
    return ok({ token: await s.sessions.create(me.id) });
  });
};
