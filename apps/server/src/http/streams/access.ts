import { C, type Code } from '@lns/contract/codes';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, authenticate, type TokenOwners } from '../../auth/guard';
import type { Db } from '../../db/client';
import { maySee } from '../../db/ownership';
import { applications, devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { DomainError } from '../../errors';

/** What a stream watches: the owner row it hangs off. */
export type StreamTarget = { devEUI: string } | { appID: number } | { gwID: string };

/**
 * The token from `Sec-WebSocket-Protocol` (browsers cannot set headers on a WebSocket). The
 * header may list several protocols; the first is the token. `x-access-token` is also accepted
 * for non-browser clients.
 */
export function streamToken(req: FastifyRequest): string | undefined {
  const header = req.headers['sec-websocket-protocol'];
  const first = typeof header === 'string' ? header.split(',')[0]?.trim() : undefined;
  if (first) return first;
  const x = req.headers['x-access-token'];
  return typeof x === 'string' && x ? x : undefined;
}

/**
 * The exact row a stream is opened on: a device or gateway deleted and registered again (same
 * EUI, a new `createdAt`) is another target, and the stream ends with the first one.
 */
export type StreamBinding =
  | { kind: 'device'; devEUI: string; appId: number; ownerId: number; createdAt: number }
  | { kind: 'gateway'; gwID: string; ownerId: number; createdAt: number }
  | { kind: 'application'; appID: number; ownerId: number };

async function bindingOf(
  s: { db: Db },
  target: StreamTarget,
): Promise<{ binding?: StreamBinding; missing: Code; field: string }> {
  if ('devEUI' in target) {
    const [row] = await s.db
      .select({ ownerId: devices.ownerId, appId: devices.appId, createdAt: devices.createdAt })
      .from(devices)
      .where(eq(devices.devEui, target.devEUI))
      .limit(1);
    return {
      binding: row && { kind: 'device', devEUI: target.devEUI, ...row },
      missing: C.DEVICE_MISSING,
      field: 'devEUI',
    };
  }
  if ('appID' in target) {
    const [row] = await s.db
      .select({ ownerId: applications.ownerId })
      .from(applications)
      .where(eq(applications.id, target.appID))
      .limit(1);
    return {
      binding: row && { kind: 'application', appID: target.appID, ...row },
      missing: C.APP_MISSING,
      field: 'appID',
    };
  }
  const [row] = await s.db
    .select({ ownerId: gateways.ownerId, createdAt: gateways.createdAt })
    .from(gateways)
    .where(eq(gateways.gwId, target.gwID))
    .limit(1);
  return { binding: row && { kind: 'gateway', gwID: target.gwID, ...row }, missing: C.GATEWAY_MISSING, field: 'gwID' };
}

/**
 * Refuse before the upgrade: no token 401 (1003), bad token 401 (1004), unknown target 404,
 * somebody else's target 403 (1010). Admins watch everything.
 */
export async function checkStreamAccess(
  s: TokenOwners & { db: Db },
  req: FastifyRequest,
  target: StreamTarget,
): Promise<{ user: AuthUser; token: string; binding: StreamBinding }> {
  const token = streamToken(req);
  if (!token) throw new DomainError(C.TOKEN_MISSING);
  const user = await authenticate(s, token);
  if (!user) throw new DomainError(C.TOKEN_INVALID);
  const { binding, missing, field } = await bindingOf(s, target);
  if (!binding) throw new DomainError(missing, undefined, field);
  if (!maySee(user, binding.ownerId)) throw new DomainError(C.FORBIDDEN, undefined, field);
  return { user, token, binding };
}
