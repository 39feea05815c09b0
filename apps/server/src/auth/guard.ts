import { C, type Locale, normalizeLocale } from '@lns/contract/codes';
import { API_DOCS, isApiPath } from '@lns/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors';
import type { SessionRepository, UserRepository } from '../users/repository';
import type { TokenCache } from './token-cache';

export type AccessLevel = 'public' | 'user' | 'admin';

export interface AuthUser {
  id: number;
  name: string;
  admin: boolean;
  /** The session token when signed in with one (logout revokes it). */
  sessionToken?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; routes under /api default to 'user'. */
    access?: AccessLevel;
  }
  interface FastifyRequest {
    user: AuthUser;
    locale: Locale;
  }
}

/** Token from `x-access-token` or `Authorization: Bearer`. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** Where tokens are looked up (the app's `services`). */
export interface TokenOwners {
  users: UserRepository;
  sessions: SessionRepository;
}

/** Resolve a session token or an API token to its user; undefined when invalid or expired. */
export async function authenticate(services: TokenOwners, token: string): Promise<AuthUser | undefined> {
  if (token.startsWith('lns_')) {
    const u = await services.users.byApiToken(token);
    return u && { id: u.id, name: u.name, admin: u.admin === 1 };
  }
  const userId = await services.sessions.touch(token);
  if (userId === undefined) return undefined;
  const u = await services.users.byId(userId);
  return u && { id: u.id, name: u.name, admin: u.admin === 1, sessionToken: token };
}

/**
 * Every /api route is for signed-in users unless it says `access: 'public'`; 'admin' adds 1010.
 * Tokens are checked through `cache` (see token-cache.ts for how long an answer is trusted).
 */
export function installGuard(app: FastifyInstance, services: TokenOwners, cache: TokenCache<AuthUser>): void {
  const lookup = (token: string) => authenticate(services, token);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('locale', 'en-US');
  app.addHook('onRequest', async (req) => {
    req.locale = normalizeLocale(req.headers['accept-language']);
    const route = req.routeOptions.url;
    // Unmatched paths (404), the API docs and WebSocket routes (they check the sub-protocol token) pass.
    if (!route || route.startsWith(API_DOCS) || route.startsWith('/ws/')) return;
    const access = req.routeOptions.config?.access ?? (isApiPath(route) ? 'user' : 'public');
    if (access === 'public') return;
    const token = tokenOf(req);
    if (!token) throw new DomainError(C.TOKEN_MISSING);
    const user = await cache.get(token, lookup);
    if (!user) throw new DomainError(C.TOKEN_INVALID);
    // Set before the admin check so a refused call is still attributed (audit log).
    req.user = user;
    if (access === 'admin' && !user.admin) throw new DomainError(C.FORBIDDEN);
  });
}
