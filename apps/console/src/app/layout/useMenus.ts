import { useLocation } from 'react-router';
import { allowed } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { MAIN_ENTRIES, MENU_SETS } from '../menus';
import { type RouteDef, routeOf } from '../routes';

export interface NavLinkItem {
  route: RouteDef;
  to: string;
  icon: (typeof MAIN_ENTRIES)[number]['icon'];
  active: boolean;
}

/** A route's link that carries the query parameters it needs from the current URL. */
export function linkTo(route: RouteDef, search: URLSearchParams): string {
  if (!route.query?.length) return route.path;
  const q = new URLSearchParams();
  for (const k of route.query) {
    const v = search.get(k);
    if (v !== null) q.set(k, v);
  }
  const s = q.toString();
  return s ? `${route.path}?${s}` : route.path;
}

/** Header entries and the side menu for the current route, filtered by the access list. */
export function useMenus() {
  const { pathname, search } = useLocation();
  const { access } = useSession();
  const params = new URLSearchParams(search);
  const current = routeOf(pathname);
  const set = current?.menu ?? 'home';

  const main = MAIN_ENTRIES.flatMap((e) => {
    const first = e.children.map(routeOf).find((r) => r && allowed(r.access, access));
    if (!first) return [];
    return [{ title: e.title, icon: e.icon, to: first.path, active: e.sets.includes(set) }];
  });

  const side: NavLinkItem[] = MENU_SETS[set].flatMap((m) => {
    const route = routeOf(m.path);
    if (!route || !allowed(route.access, access)) return [];
    return [{ route, icon: m.icon, to: linkTo(route, params), active: route.path === current?.path }];
  });

  return { current, main, side, params };
}
