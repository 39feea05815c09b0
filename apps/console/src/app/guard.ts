import { matchPath, redirect, replace } from 'react-router';
import { api } from '../lib/api';
import { authRoutes } from '../lib/authRoutes';
import { ApiError, NETWORK_ERROR } from '../lib/http';
import { allowed, session } from '../lib/session';
import { ROUTES } from './routes';

/**
 * The navigation guard (docs/product/console-behaviour.md), run as route loaders:
 * no token → /login; user info fetched once per session (failure clears the token → /login);
 * no license and not admin → /login; access list not satisfied → /401.
 */
let started = false;
/** router.tsx calls this once the first navigation has settled. */
export function markRouterStarted(): void {
  started = true;
}

/**
 * On the first page load the refused URL is already in the browser history, so the redirect
 * replaces it (otherwise "back" from /401 would land on it again); later navigations never
 * commit the refused URL, so a normal redirect is right.
 */
const go = (to: string) => (started ? redirect(to) : replace(to));

export async function requireSession({ request }: { request: Request }) {
  if (!session.token) return go('/login');
  if (!session.infoLoaded) {
    try {
      const info = await api.data(authRoutes.info, undefined, { silent: true, redirect: false });
      session.applyInfo(info);
    } catch (e) {
      // A refusal from the server ends the session. A network failure does not: it is also
      // what a page being left sees for its in-flight call, and clearing the shared
      // localStorage then would sign out the page being opened.
      if (e instanceof ApiError && e.code !== NETWORK_ERROR) {
        session.clear();
        return go('/login');
      }
      throw e;
    }
  }
  if (!session.licenseValid && !session.isAdmin) {
    session.clear();
    return go('/login');
  }
  const path = new URL(request.url).pathname;
  const route = ROUTES.find((r) => matchPath(r.path, path));
  if (route && !allowed(route.access)) return go('/401');
  return null;
}

/** /login with a token goes home. */
export function loginLoader() {
  return session.token ? go('/home') : null;
}

/** Unknown paths: without a token every route except /login goes to /login. */
export function unknownLoader() {
  return session.token ? null : go('/login');
}
