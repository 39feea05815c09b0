import { useLocation } from 'react-router';
import { useDeviceProduct } from '../../lib/deviceProducts';
import { allowed } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { MAIN_ENTRIES, MENU_SETS, type MenuItem } from '../menus';
import { hasPage, linkTo, type MenuSet, type RouteDef, routeOf } from '../routes';

/** One link of a menu: `title` is a key under layout:route. */
export interface NavLinkItem {
  path: string;
  title: string;
  to: string;
  icon: MenuItem['icon'];
  active: boolean;
}

/**
 * The entries of a side-menu set the user can open: built routes the access list allows; a
 * product type's own pages only when the open device is of that type (while its type is not
 * known, every page the access list allows).
 */
function shownEntries(set: MenuSet, access: readonly string[], product?: string) {
  return MENU_SETS[set].flatMap((m) => {
    const route = routeOf(m.path);
    const forThisDevice = !route?.product || !product || route.product === product;
    return hasPage(route) && allowed(route.access, access) && forThisDevice ? [{ route, icon: m.icon }] : [];
  });
}

/**
 * Header entries and the side menu at a route, for an access list. Only routes with a page are
 * offered, so nobody meets a "not built yet" panel by following the menus.
 */
export function menusAt(
  current: RouteDef | undefined,
  access: readonly string[],
  params: URLSearchParams,
  /** The open device's product type, when known (a product page implies its own). */
  product: string | undefined = current?.product,
) {
  const set = current?.menu ?? 'home';
  const main: NavLinkItem[] = MAIN_ENTRIES.flatMap((e) => {
    const first = shownEntries(e.sets[0], access)[0];
    if (!first) return [];
    const active = e.sets.includes(set);
    return [{ path: first.route.path, title: e.title, icon: e.icon, to: first.route.path, active }];
  });
  const side: NavLinkItem[] =
    set === 'home'
      ? main
      : shownEntries(set, access, product).map(({ route, icon }) => ({
          path: route.path,
          title: route.title,
          icon,
          to: linkTo(route, params),
          active: route.path === current?.path,
        }));
  return { main, side };
}

/** Header entries and the side menu for the current route and user. */
export function useMenus() {
  const { pathname, search } = useLocation();
  const { access } = useSession();
  const params = new URLSearchParams(search);
  const current = routeOf(pathname);
  const noted = useDeviceProduct(current?.menu === 'device' ? params.get('devEUI') : null);
  return { current, params, ...menusAt(current, access, params, current?.product ?? noted) };
}

/**
 * Where a redirect-only route sends the user: its target, or while that is not built the first
 * built entry of the target's side menu (a typed `/platform` never lands on a "not built yet" panel).
 */
export function redirectTarget(to: string): string {
  const target = routeOf(to);
  if (!target?.menu || target.page) return to;
  return MENU_SETS[target.menu].map((m) => routeOf(m.path)).find(hasPage)?.path ?? to;
}
