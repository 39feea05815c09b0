import { authApi } from '@lns/contract/api/auth';
import { isApiPath } from '@lns/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actionOf, changesOf, entityIdOf, entityTypeOf, requestOf } from './describe';
import type { AuditEntry, AuditLog } from './log';

/** What a route handler knows about the entity it changed (see `noteAudit`). */
export interface AuditNote {
  /** The entity as it was, e.g. the row read before an update or delete. */
  before?: unknown;
  /** The entity as written. */
  after?: unknown;
  /** The entity's id when the request does not name it in a usual field. */
  entityID?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** Reads are not audited. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers larger than this are not parsed for their id; their code is read from the start. */
const PARSE_MAX = 65_536;

/**
 * Attach the entity's state before/after a change to the request's audit entry. Call it where
 * the route has the rows at hand anyway; without it the entry holds the request body.
 */
export function noteAudit(req: FastifyRequest, note: AuditNote): void {
  req.auditNote = { ...req.auditNote, ...note };
}

type Answer = { code?: unknown; data?: unknown; userID?: unknown; name?: unknown };

/** The envelope of an answer: parsed when small, else just its leading code. */
function answerOf(payload: unknown): Answer | undefined {
  if (typeof payload !== 'string') return undefined;
  if (payload.length <= PARSE_MAX) {
    try {
      const v = JSON.parse(payload);
      return v && typeof v === 'object' ? (v as Answer) : undefined;
    } catch {
      return undefined;
    }
  }
  const m = /^\{"code":(-?\d+)/.exec(payload);
  return m ? { code: Number(m[1]) } : undefined;
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The entry for one answered request, or undefined when it is not audited. */
export function entryOf(req: FastifyRequest, reply: FastifyReply, payload: unknown): AuditEntry | undefined {
  const route = req.routeOptions.url;
  if (!route || !isApiPath(route) || READ_METHODS.has(req.method)) return undefined;
  const login = route === authApi.login.path;
  // Only calls that got past authentication (public routes other than sign-in are not changes).
  if (!login && !req.user) return undefined;
  const answer = answerOf(payload);
  const code = typeof answer?.code === 'number' ? answer.code : reply.statusCode < 400 ? 0 : reply.statusCode;
  const body = req.body as Record<string, unknown> | undefined;
  let userId: number | null = req.user?.id ?? null;
  let userName = req.user?.name ?? '';
  if (login) {
    // A failed sign-in is recorded with the name that was tried.
    userId = code === 0 && typeof answer?.userID === 'number' ? answer.userID : null;
    userName = code === 0 ? text(answer?.name, 64) : text(body?.name, 64);
  }
  const entityType = entityTypeOf(route);
  const note = req.auditNote;
  let entityId = note?.entityID ?? entityIdOf(req.params, body, answer?.data);
  // Sign-in and sign-out act on the caller.
  if (!entityId && entityType === 'session' && userId !== null) entityId = String(userId);
  const changes =
    note && (note.before !== undefined || note.after !== undefined) ? changesOf(note.before, note.after) : null;
  return {
    createdAt: Date.now(),
    userId,
    userName,
    clientIp: text(req.ip, 64),
    method: req.method.slice(0, 8),
    route: route.slice(0, 200),
    action: actionOf(route),
    entityType,
    entityId,
    code,
    success: code === 0,
    before: changes?.before ?? null,
    after: changes?.after ?? null,
    request: requestOf(body),
  };
}

/** Records every non-GET API call after authentication, and every sign-in, into `log`. */
export function installAudit(app: FastifyInstance, log: AuditLog): void {
  app.decorateRequest('auditNote', null);
  app.addHook('onSend', async (req, reply, payload) => {
    try {
      const entry = entryOf(req, reply, payload);
      if (entry) log.add(entry);
    } catch (err) {
      req.log.warn({ err }, 'audit entry not recorded');
    }
    return payload;
  });
}
