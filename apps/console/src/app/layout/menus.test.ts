import { describe, expect, it } from 'vitest';
import { MENU_SETS, type MenuItem } from '../menus';
import { hasPage, type MenuSet, ROUTES, type RouteDef, routeOf } from '../routes';
import { menusAt, redirectTarget } from './useMenus';

const ADMIN = ['admin', 'fuota', 'rhf3m485', 'rhf3mr01'];
const COMMON = ['user'];
const none = new URLSearchParams();
const at = (path: string, access = ADMIN) => menusAt(routeOf(path), access, none);
/** A route of each side-menu set, to open that set. */
const openerOf = (set: MenuSet) => ROUTES.find((r) => r.menu === set)!;

describe('menus derived from the route table', () => {
  it('no header or side-menu entry leads to a route without a page, whatever the access list', () => {
    for (const access of [ADMIN, COMMON]) {
      for (const set of Object.keys(MENU_SETS) as MenuSet[]) {
        const { main, side } = menusAt(openerOf(set), access, none);
        for (const item of [...main, ...side]) expect(hasPage(routeOf(item.path)), `${set}: ${item.path}`).toBe(true);
      }
    }
  });

  it('an area without any page has no header entry; an entry goes to its first page the user may open', () => {
    const admin = at('/home').main;
    expect(admin.map((e) => e.title)).toEqual(['home', 'application', 'multicast', 'gateway', 'platform', 'user']);
    expect(admin.find((e) => e.title === 'platform')?.to).toBe('/platform/authentication');
    // While the first entry of a menu has no page, the header entry goes to the next one.
    const auth = routeOf('/platform/authentication') as RouteDef;
    const page = auth.page;
    delete auth.page;
    try {
      expect(at('/home').main.find((e) => e.title === 'platform')?.to).toBe('/platform/network');
    } finally {
      auth.page = page;
    }
    expect(at('/home', COMMON).main.map((e) => e.title)).toEqual(['home', 'application', 'multicast', 'gateway']);
  });

  it('on /home the side menu lists the header entries', () => {
    const { main, side } = at('/home');
    expect(side).toEqual(main);
    expect(side.find((e) => e.title === 'home')?.active).toBe(true);
  });

  it('side links carry the query the route needs; unbuilt and forbidden entries are left out', () => {
    const params = new URLSearchParams('gwID=0102030405060708&gwName=gw1&other=x');
    const { side } = menusAt(routeOf('/gateway/detail'), ADMIN, params);
    expect(side.map((e) => e.path)).toEqual([
      '/gateway/detail',
      '/gateway/report-info',
      '/gateway/real-time',
      '/gateway/history',
      '/gateway/link-history',
      '/gateway/status-history',
      '/gateway/noise-scan',
      '/gateway/upgrade-record',
      '/gateway/log-list',
      '/gateway/rlog-list',
      '/gateway/shell-tool',
      '/gateway/cmd-operation',
      '/gateway/cmd-operation-record',
    ]);
    expect(side[0]).toMatchObject({ to: '/gateway/detail?gwID=0102030405060708&gwName=gw1', active: true });
    expect(menusAt(routeOf('/platform/audit-log'), COMMON, none).side).toEqual([]);
  });

  it('a route shows up in its menu by itself once it has a page', () => {
    const network = routeOf('/platform/network') as RouteDef;
    const onMenu = () => at('/platform/audit-log').side.some((e) => e.path === network.path);
    // Every platform page is built: take one away for the "not yet" half.
    const page = network.page;
    delete network.page;
    try {
      expect(onMenu()).toBe(false);
      network.page = async () => ({ default: () => null });
      expect(onMenu()).toBe(true);
    } finally {
      network.page = page;
    }
  });

  it('the gateway menu offers the upgrade pages to admins only', () => {
    const upgrades = [
      '/gateway/task-list',
      '/gateway/version/deb',
      '/gateway/version/agent',
      '/gateway/version/packet-forwarder',
      '/gateway/version/opkg',
      '/gateway/sdk',
      '/gateway/pico-firmware',
      // Admin only too: the subnet cutover (its member pages have their own side menu).
      '/gateway/subnet-cutover',
    ];
    const paths = (access: string[]) => at('/gateway/list', access).side.map((e) => e.path);
    expect(paths(ADMIN)).toEqual(['/gateway/list', '/gateway/tag', '/gateway/batch', ...upgrades]);
    expect(paths(COMMON)).toEqual(['/gateway/list', '/gateway/tag', '/gateway/batch']);
    // The task detail opens under the task list; /gateway/upgrade leads to the task list.
    expect(at('/gateway/upgrade/task/detail').side.find((e) => e.active)).toBeUndefined();
    expect(routeOf('/gateway/upgrade')?.redirect).toBe('/gateway/task-list');
    expect(redirectTarget('/gateway/task-list')).toBe('/gateway/task-list');
  });

  it('every menu names routes of the table, and a built page never has an unbuilt breadcrumb parent', () => {
    const items: MenuItem[] = Object.values(MENU_SETS).flat();
    for (const m of items) expect(routeOf(m.path), m.path).toBeDefined();
    for (const r of ROUTES.filter(hasPage)) {
      for (let p = r.parent; p; p = routeOf(p)?.parent) expect(hasPage(routeOf(p)), `${r.path} → ${p}`).toBe(true);
    }
  });

  it('a redirect to an unbuilt page goes to the first built page of its menu instead', () => {
    expect(redirectTarget('/platform/authentication')).toBe('/platform/authentication');
    const auth = routeOf('/platform/authentication') as RouteDef;
    const page = auth.page;
    delete auth.page;
    try {
      expect(redirectTarget('/platform/authentication')).toBe('/platform/network');
    } finally {
      auth.page = page;
    }
    expect(redirectTarget('/gateway/list')).toBe('/gateway/list');
    for (const r of ROUTES.filter((x) => x.redirect)) expect(hasPage(routeOf(redirectTarget(r.redirect!)))).toBe(true);
  });
});
