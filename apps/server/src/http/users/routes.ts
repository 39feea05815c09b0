import { C } from '@lns/contract/codes';
import { envelopeOf, listEnvelopeOf } from '@lns/contract/envelope';
import { pageWindow } from '@lns/contract/paging';
import { passwordMessage, passwordProblem } from '@lns/contract/password-policy';
import {
  apiTokenResult,
  mqttPasswordResult,
  passwordChangeBody,
  passwordChangeResult,
  USER_MQTT_REGENERATE_PATH,
  userCreateBody,
  userDetail,
  userIdBody,
  userIdQuery,
  userListQuery,
  userRow,
  userUpdateBody,
} from '@lns/contract/users';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noteAudit } from '../../audit/hook';
import { verifyPassword } from '../../auth/passwords';
import { attemptKeys, throttled } from '../../auth/throttle';
import { type AuthRevoked, type AuthRevokedReason, localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import { DomainError } from '../../errors';
import type { UserRecord } from '../../users/repository';
import { list, ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['users'];
const admin = { access: 'admin' as const };

const row = (u: UserRecord) => ({ userID: u.id, name: u.name, admin: u.admin as 0 | 1, createtime: u.createdAt });

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

  app.get(
    '/api/user/list',
    {
      config: admin,
      schema: { tags, summary: 'Users, paged', querystring: userListQuery, response: { 200: listEnvelopeOf(userRow) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, amount } = await s.users.list({ ...pageWindow(q), orderBy: q.orderBy, orderType: q.orderType });
      return list(rows.map(row), amount);
    },
  );

  app.post(
    '/api/user/create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a user',
        body: userCreateBody,
        response: { 200: envelopeOf(z.object({ userID: z.number() })) },
      },
    },
    async (req) => {
      if (await isTaken(req.body.name)) throw new DomainError(C.ACCOUNT_EXISTS, undefined, 'name');
      const u = await s.users.create(req.body);
      return ok({ userID: u.id });
    },
  );

  app.post(
    '/api/user/update',
    {
      config: admin,
      schema: { tags, summary: 'Update a user; a new password signs the user out everywhere', body: userUpdateBody },
    },
    async (req) => {
      const { userID, name, password, admin: isAdmin } = req.body;
      const target = await s.users.byId(userID);
      if (!target) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
      if (await isTaken(name, userID)) throw new DomainError(C.ACCOUNT_EXISTS, undefined, 'name');
      if (target.admin === 1 && isAdmin === 0 && (await s.users.countAdmins(userID)) === 0) {
        throw new DomainError(C.FORBIDDEN, 'the last administrator cannot lose its role', 'admin');
      }
      // A lost admin role, like a new password, ends what the old credentials could still do.
      const demoted = target.admin === 1 && isAdmin === 0;
      const revoke = await s.users.update(
        userID,
        { name, admin: isAdmin, password: password || undefined },
        { revoke: demoted },
      );
      if (revoke) revoked(userID, password ? 'password-reset' : 'admin-demoted');
      noteAudit(req, { before: target, after: { ...target, name, admin: isAdmin } });
      return ok();
    },
  );

  app.post(
    '/api/user/delete',
    { config: admin, schema: { tags, summary: 'Delete a user (its sessions end with it)', body: userIdBody } },
    async (req) => {
      const { userID } = req.body;
      if (userID === req.user.id) throw new DomainError(C.FORBIDDEN, 'you cannot delete yourself', 'userID');
      const target = await s.users.byId(userID);
      if (!target) throw new DomainError(C.ACCOUNT_MISSING, undefined, 'userID');
      if (target.admin === 1 && (await s.users.countAdmins(userID)) === 0) {
        throw new DomainError(C.FORBIDDEN, 'the last administrator cannot be deleted', 'userID');
      }
      await s.users.delete(userID);
      revoked(userID, 'user-deleted');
      return ok();
    },
  );

  // Admins read anyone; a common user may read its own detail (API token, MQTT credentials).
  app.get(
    '/api/user/status',
    {
      schema: {
        tags,
        summary: 'User detail with API token and MQTT credentials',
        querystring: userIdQuery,
        response: { 200: envelopeOf(userDetail) },
      },
    },
    async (req) => {
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
    },
  );

  app.post(
    '/api/user/token/regenerate',
    {
      schema: {
        tags,
        summary: "Replace a user's API token (self, or any user for admins); the old one stops working",
        body: userIdBody,
        response: { 200: envelopeOf(apiTokenResult) },
      },
    },
    async (req) => {
      await selfOrAdmin(req, req.body.userID);
      const old = await s.users.byId(req.body.userID);
      const apiToken = await s.users.regenerateApiToken(req.body.userID);
      s.local.publish(localTopics.authRevoked, {
        userId: req.body.userID,
        token: old?.apiToken ?? undefined,
        reason: 'api-token-rotated',
      } satisfies AuthRevoked);
      return ok({ apiToken });
    },
  );

  app.post(
    USER_MQTT_REGENERATE_PATH,
    {
      schema: {
        tags,
        summary: "Replace a user's MQTT password (self, or any user for admins); the old one stops working",
        body: userIdBody,
        response: { 200: envelopeOf(mqttPasswordResult) },
      },
    },
    async (req) => {
      await selfOrAdmin(req, req.body.userID);
      const mqPassword = await s.users.regenerateMqttPassword(req.body.userID);
      revoked(req.body.userID, 'mqtt-password-rotated');
      return ok({ mqPassword });
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: {
        tags,
        summary:
          'Change your own password: every session, the API token and the MQTT password are revoked; answers a fresh session token',
        body: passwordChangeBody,
        response: { 200: envelopeOf(passwordChangeResult) },
      },
    },
    async (req, reply) => {
      // The caller's own account, also when the change is refused.
      noteAudit(req, { entityID: String(req.user.id) });
      const me = await s.users.byId(req.user.id);
      if (!me) throw new DomainError(C.TOKEN_INVALID);
      const problem = passwordProblem(req.body.newPassword, me.name);
      if (problem) throw new DomainError(problem, passwordMessage(problem), 'newPassword');
      // The old password is a guess like a sign-in: the same counters limit it.
      const keys = attemptKeys(me.name, req.ip);
      const wait = await s.throttle.begin(keys);
      if (wait > 0) throw throttled(reply, wait);
      if (!(await verifyPassword(req.body.oldPassword, me.passwordHash))) {
        throw new DomainError(C.WRONG_CREDENTIALS, undefined, 'oldPassword');
      }
      await s.throttle.succeeded(keys);
      await s.users.update(me.id, { name: me.name, admin: me.admin, password: req.body.newPassword });
      revoked(me.id, 'password-changed');
      return ok({ token: await s.sessions.create(me.id) });
    },
  );
};
