import { C } from '@lns/contract/codes';
import { envelopeOf, listEnvelopeOf } from '@lns/contract/envelope';
import { pageWindow } from '@lns/contract/paging';
import {
  passwordChangeBody,
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
import { verifyPassword } from '../../auth/passwords';
import { localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import type { UserRecord } from '../../users/repository';
import { list, ok } from '../envelope';
import { ApiError } from '../errors';
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
      if (await isTaken(req.body.name)) throw new ApiError(C.ACCOUNT_EXISTS, undefined, 'name');
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
      if (!target) throw new ApiError(C.ACCOUNT_MISSING, undefined, 'userID');
      if (await isTaken(name, userID)) throw new ApiError(C.ACCOUNT_EXISTS, undefined, 'name');
      if (target.admin === 1 && isAdmin === 0 && (await s.users.countAdmins(userID)) === 0) {
        throw new ApiError(C.FORBIDDEN, 'the last administrator cannot lose its role', 'admin');
      }
      await s.users.update(userID, { name, admin: isAdmin, password: password || undefined });
      s.local.publish(localTopics.authRevoked, { userId: userID, reason: 'user updated' });
      return ok();
    },
  );

  app.post(
    '/api/user/delete',
    { config: admin, schema: { tags, summary: 'Delete a user (its sessions end with it)', body: userIdBody } },
    async (req) => {
      const { userID } = req.body;
      if (userID === req.user.id) throw new ApiError(C.FORBIDDEN, 'you cannot delete yourself', 'userID');
      const target = await s.users.byId(userID);
      if (!target) throw new ApiError(C.ACCOUNT_MISSING, undefined, 'userID');
      if (target.admin === 1 && (await s.users.countAdmins(userID)) === 0) {
        throw new ApiError(C.FORBIDDEN, 'the last administrator cannot be deleted', 'userID');
      }
      await s.users.delete(userID);
      s.local.publish(localTopics.authRevoked, { userId: userID, reason: 'user deleted' });
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
      if (!req.user.admin && userID !== req.user.id) throw new ApiError(C.FORBIDDEN);
      const u = await s.users.byId(userID);
      if (!u) throw new ApiError(C.ACCOUNT_MISSING, undefined, 'userID');
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
        summary: "Replace a user's API token (self, or any user for admins)",
        body: userIdBody,
        response: { 200: envelopeOf(z.object({ apiToken: z.string() })) },
      },
    },
    async (req) => {
      const { userID } = req.body;
      if (!req.user.admin && userID !== req.user.id) throw new ApiError(C.FORBIDDEN);
      const old = await s.users.byId(userID);
      if (!old) throw new ApiError(C.ACCOUNT_MISSING, undefined, 'userID');
      const apiToken = await s.users.regenerateApiToken(userID);
      s.local.publish(localTopics.authRevoked, { userId: userID, token: old.apiToken, reason: 'token regenerated' });
      return ok({ apiToken });
    },
  );

  app.post(
    '/api/user/password',
    { schema: { tags, summary: 'Change your own password (signs out every session)', body: passwordChangeBody } },
    async (req) => {
      const me = await s.users.byId(req.user.id);
      if (!me || !(await verifyPassword(req.body.oldPassword, me.passwordHash))) {
        throw new ApiError(C.WRONG_CREDENTIALS, undefined, 'oldPassword');
      }
      await s.users.update(me.id, { name: me.name, admin: me.admin, password: req.body.newPassword });
      s.local.publish(localTopics.authRevoked, { userId: me.id, reason: 'password changed' });
      return ok();
    },
  );
};
