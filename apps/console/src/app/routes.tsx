import type { ComponentType } from 'react';

/**
 * THE route table of the console, declared once. Every page is lazy. A route without `page` is
 * an area not built yet: it stays out of every menu and header entry, and a typed URL shows the
 * "not built yet" panel inside the layout. Once the route has its page it appears by itself.
 *
 * To add your page: replace the route's missing `page` with
 *   page: () => import('../features/<area>/pages/<Page>'),
 * (the module's default export is the page component). Titles are `layout:route.<title>`.
 */
export type MenuSet =
  | 'home'
  | 'application'
  | 'appDetail'
  | 'device'
  | 'multicast'
  | 'mcDetail'
  | 'gateway'
  | 'gwDetail'
  | 'cutover'
  | 'platform'
  | 'user';

export interface RouteDef {
  /** Absolute path under the layout. */
  path: string;
  /** i18n key under layout:route. */
  title: string;
  /** Every string must be in the user's access list ('admin', 'fuota', 'rhf3m485', 'rhf3mr01'). */
  access?: readonly string[];
  /** The lazy page (default export). Absent = "not built yet". */
  page?: () => Promise<{ default: ComponentType }>;
  /** A redirect-only route. */
  redirect?: string;
  /** Which side-menu set shows while this route is open (app/menus.ts). */
  menu?: MenuSet;
  /** Breadcrumb parent (a path in this table). */
  parent?: string;
  /** Query parameters this route needs; side-menu and breadcrumb links carry them along. */
  query?: readonly string[];
  /** Query parameter whose value names this route in breadcrumbs (EUIs are shown as AA-BB-..). */
  label?: string;
  /**
   * A page of one device product type only (relay rhf3mr01, ladtp rhf3m485): the device side menu
   * offers it for a device of that type (lib/deviceProducts.ts), besides the access list allowing it.
   */
  product?: SpecialProduct;
}

/** Product types with pages of their own; each is also the access string those pages need. */
export type SpecialProduct = 'rhf3mr01' | 'rhf3m485';

const admin = ['admin'] as const;
const APP = ['appID', 'appName'] as const;
const DEV = ['appID', 'appName', 'devEUI', 'devName'] as const;
const MC = ['mcEUI', 'mcName'] as const;
const GW = ['gwID', 'gwName'] as const;
const TASK = ['taskId', 'taskName'] as const;

const device = (path: string, title: string, access?: readonly string[]): RouteDef => ({
  path,
  title,
  access,
  menu: 'device',
  parent: '/application/device/detail',
  query: DEV,
});
const productDevice = (
  path: string,
  title: string,
  product: SpecialProduct,
  page: NonNullable<RouteDef['page']>,
): RouteDef => ({ ...device(path, title, [product]), product, page });
const gwDetail = (path: string, title: string, access?: readonly string[]): RouteDef => ({
  path,
  title,
  access,
  menu: 'gwDetail',
  parent: '/gateway/detail',
  query: GW,
});

export const ROUTES: RouteDef[] = [
  { path: '/home', title: 'home', menu: 'home', page: () => import('../features/dashboard/pages/Home') },

  // Applications and devices
  { path: '/application', title: 'application', redirect: '/application/list' },
  {
    path: '/application/list',
    title: 'applicationList',
    menu: 'application',
    page: () => import('../features/applications/pages/AppList'),
  },
  {
    path: '/application/detail',
    title: 'applicationDetail',
    menu: 'appDetail',
    parent: '/application/list',
    query: APP,
    label: 'appName',
    page: () => import('../features/applications/pages/AppDetail'),
  },
  {
    path: '/application/device/list',
    title: 'deviceList',
    menu: 'appDetail',
    parent: '/application/detail',
    query: APP,
    page: () => import('../features/devices/pages/DeviceList'),
  },
  {
    path: '/application/device/tag',
    title: 'deviceTag',
    menu: 'application',
    parent: '/application/list',
    page: () => import('../features/devices/pages/DeviceTags'),
  },
  {
    path: '/application/device/batch',
    title: 'deviceBatch',
    menu: 'appDetail',
    parent: '/application/device/list',
    query: APP,
    page: () => import('../features/devices/pages/DeviceBatch'),
  },
  // The application's live stream (every device of it), beside the application pages.
  {
    path: '/application/live',
    title: 'liveApplication',
    menu: 'appDetail',
    parent: '/application/detail',
    query: APP,
    page: () => import('../features/live/pages/ApplicationLive'),
  },
  {
    ...device('/application/device/detail', 'deviceDetail'),
    parent: '/application/device/list',
    label: 'devEUI',
    page: () => import('../features/devices/pages/DeviceDetail'),
  },
  {
    ...device('/application/device/data/app-layer', 'liveAppLayer'),
    page: () => import('../features/live/pages/DeviceAppLive'),
  },
  {
    ...device('/application/device/data/protocol-layer', 'liveProtocolLayer'),
    page: () => import('../features/live/pages/DeviceProtocolLive'),
  },
  {
    ...device('/application/device/history/app', 'historyApp'),
    page: () => import('../features/history/pages/AppHistory'),
  },
  {
    ...device('/application/device/history/protocol', 'historyProtocol'),
    page: () => import('../features/history/pages/ProtocolHistory'),
  },
  {
    ...device('/application/device/downlink', 'deviceDownlink'),
    page: () => import('../features/downlink/pages/DeviceDownlink'),
  },
  // Relay and ladtp devices (docs/product/relay.md).
  productDevice(
    '/application/device/ladtp/status',
    'ladtpStatus',
    'rhf3m485',
    () => import('../features/relay/pages/LadtpStatus'),
  ),
  productDevice(
    '/application/device/ladtp/config',
    'ladtpConfig',
    'rhf3m485',
    () => import('../features/relay/pages/LadtpConfig'),
  ),
  productDevice(
    '/application/device/ladtp/downlink',
    'ladtpDownlink',
    'rhf3m485',
    () => import('../features/relay/pages/LadtpDownlink'),
  ),
  productDevice(
    '/application/device/ladtp/history',
    'ladtpHistory',
    'rhf3m485',
    () => import('../features/relay/pages/LadtpHistory'),
  ),
  productDevice(
    '/application/device/relay/status',
    'relayStatus',
    'rhf3mr01',
    () => import('../features/relay/pages/RelayStatus'),
  ),
  productDevice(
    '/application/device/relay/slave',
    'relaySlave',
    'rhf3mr01',
    () => import('../features/relay/pages/RelaySlaves'),
  ),
  productDevice(
    '/application/device/relay/config',
    'relayConfig',
    'rhf3mr01',
    () => import('../features/relay/pages/RelayConfig'),
  ),
  productDevice(
    '/application/device/relay/downlink',
    'relayDownlink',
    'rhf3mr01',
    () => import('../features/relay/pages/RelayDownlink'),
  ),
  productDevice(
    '/application/device/relay/history',
    'relayHistory',
    'rhf3mr01',
    () => import('../features/relay/pages/RelayHistory'),
  ),
  {
    path: '/application/fuota/firm-upgrade-list',
    title: 'firmUpgradeList',
    access: admin,
    menu: 'application',
    page: () => import('../features/fuota/pages/FirmwareList'),
  },
  {
    path: '/application/fuota/mcgroup-upgrade-list',
    title: 'mcgroupUpgradeList',
    access: admin,
    menu: 'application',
    page: () => import('../features/fuota/pages/McGroupUpgradeList'),
  },
  {
    path: '/application/fuota/device-upgrade-list',
    title: 'deviceUpgradeList',
    access: admin,
    menu: 'application',
    page: () => import('../features/fuota/pages/DeviceUpgradeList'),
  },

  // Multicast
  {
    path: '/multicast',
    title: 'multicast',
    menu: 'multicast',
    page: () => import('../features/multicast/pages/McList'),
  },
  {
    path: '/multicast/detail',
    title: 'mcDetail',
    menu: 'mcDetail',
    parent: '/multicast',
    query: MC,
    label: 'mcName',
    page: () => import('../features/multicast/pages/McDetail'),
  },
  {
    path: '/multicast/device-list',
    title: 'mcDeviceList',
    menu: 'mcDetail',
    parent: '/multicast/detail',
    query: MC,
    page: () => import('../features/multicast/pages/McDevices'),
  },
  {
    path: '/multicast/gateway-list',
    title: 'mcGatewayList',
    menu: 'mcDetail',
    parent: '/multicast/detail',
    query: MC,
    page: () => import('../features/multicast/pages/McGateways'),
  },
  {
    path: '/multicast/downlink',
    title: 'mcDownlink',
    menu: 'mcDetail',
    parent: '/multicast/detail',
    query: MC,
    page: () => import('../features/multicast/pages/McDownlink'),
  },
  {
    path: '/multicast/fuota/list',
    title: 'fuotaList',
    access: ['fuota'],
    menu: 'multicast',
    parent: '/multicast',
    page: () => import('../features/fuota/pages/FuotaList'),
  },
  {
    path: '/multicast/fuota/status',
    title: 'fuotaStatus',
    access: ['fuota'],
    menu: 'multicast',
    parent: '/multicast/fuota/list',
    query: ['fdID'],
    page: () => import('../features/fuota/pages/FuotaStatus'),
  },

  // Users
  { path: '/user', title: 'user', access: admin, menu: 'user', page: () => import('../features/users/pages/UserList') },
  {
    path: '/user/detail',
    title: 'userDetail',
    access: admin,
    menu: 'user',
    parent: '/user',
    query: ['userID'],
    page: () => import('../features/users/pages/UserDetailPage'),
  },

  // Gateways (docs/product/gateways.md)
  { path: '/gateway', title: 'gateway', redirect: '/gateway/list' },
  {
    path: '/gateway/list',
    title: 'gatewayList',
    menu: 'gateway',
    page: () => import('../features/gateways/pages/GatewayList'),
  },
  {
    ...gwDetail('/gateway/detail', 'gatewayDetail'),
    parent: '/gateway/list',
    label: 'gwName',
    page: () => import('../features/gateways/pages/GatewayDetail'),
  },
  {
    ...gwDetail('/gateway/report-info', 'gatewayReportInfo'),
    page: () => import('../features/gateways/pages/GatewayReportInfo'),
  },
  { ...gwDetail('/gateway/real-time', 'gatewayRealTime'), page: () => import('../features/live/pages/GatewayLive') },
  { ...gwDetail('/gateway/history', 'gatewayHistory'), page: () => import('../features/history/pages/GatewayHistory') },
  {
    ...gwDetail('/gateway/link-history', 'gatewayLinkHistory'),
    page: () => import('../features/history/pages/LinkHistory'),
  },
  {
    ...gwDetail('/gateway/status-history', 'gatewayStatusHistory'),
    page: () => import('../features/history/pages/StatusHistory'),
  },
  {
    ...gwDetail('/gateway/noise-scan', 'gatewayNoiseScan'),
    page: () => import('../features/gateway-ops/pages/NoiseScan'),
  },
  {
    ...gwDetail('/gateway/upgrade-record', 'gatewayUpgradeRecord', admin),
    page: () => import('../features/upgrades/pages/UpgradeRecords'),
  },
  {
    ...gwDetail('/gateway/log-list', 'gatewayLogList', admin),
    page: () => import('../features/gateway-ops/pages/LogList'),
  },
  {
    ...gwDetail('/gateway/rlog-list', 'gatewayRlogList', admin),
    page: () => import('../features/gateway-ops/pages/RlogList'),
  },
  {
    ...gwDetail('/gateway/shell-tool', 'gatewayShell', admin),
    page: () => import('../features/shell/pages/GatewayShell'),
  },
  {
    ...gwDetail('/gateway/cmd-operation', 'gatewayCmd', admin),
    page: () => import('../features/gateway-ops/pages/CmdOperation'),
  },
  {
    ...gwDetail('/gateway/cmd-operation-record', 'gatewayCmdRecord', admin),
    page: () => import('../features/gateway-ops/pages/CmdRecords'),
  },
  {
    path: '/gateway/batch',
    title: 'gatewayBatch',
    menu: 'gateway',
    parent: '/gateway/list',
    page: () => import('../features/gateways/pages/GatewayBatch'),
  },
  {
    path: '/gateway/tag',
    title: 'gatewayTag',
    menu: 'gateway',
    parent: '/gateway/list',
    page: () => import('../features/gateways/pages/GatewayTags'),
  },
  // Gateway upgrades (docs/product/gateway-upgrades.md): admins only, like the rest of the area.
  {
    path: '/gateway/task-list',
    title: 'gatewayTaskList',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/TaskList'),
  },
  // Our decision: "gateway upgrade" is its task list (tasks are how gateways get upgraded), so the
  // old address leads there instead of a page of its own.
  { path: '/gateway/upgrade', title: 'gatewayUpgrade', access: admin, redirect: '/gateway/task-list' },
  {
    path: '/gateway/upgrade/task/detail',
    title: 'gatewayUpgradeTask',
    access: admin,
    menu: 'gateway',
    parent: '/gateway/task-list',
    query: ['taskId', 'taskName'],
    label: 'taskName',
    page: () => import('../features/upgrades/pages/TaskDetail'),
  },
  {
    path: '/gateway/version/deb',
    title: 'versionDeb',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/DebVersions'),
  },
  {
    path: '/gateway/version/agent',
    title: 'versionAgent',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/AgentVersions'),
  },
  {
    path: '/gateway/version/packet-forwarder',
    title: 'versionPktfwd',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/PacketForwarderVersions'),
  },
  {
    path: '/gateway/version/opkg',
    title: 'versionOpkg',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/OpkgVersions'),
  },
  {
    path: '/gateway/sdk',
    title: 'gatewaySdk',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/SdkList'),
  },
  {
    path: '/gateway/pico-firmware',
    title: 'picoFirmware',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/upgrades/pages/PicoFirmware'),
  },
  {
    path: '/gateway/subnet-cutover',
    title: 'subnetCutover',
    access: admin,
    menu: 'gateway',
    page: () => import('../features/subnet-cutover/pages/CutoverTasks'),
  },
  {
    path: '/gateway/subnet-cutover/gateway',
    title: 'cutoverGateways',
    access: admin,
    menu: 'cutover',
    parent: '/gateway/subnet-cutover',
    query: TASK,
    page: () => import('../features/subnet-cutover/pages/CutoverGateways'),
  },
  {
    path: '/gateway/subnet-cutover/device',
    title: 'cutoverDevices',
    access: admin,
    menu: 'cutover',
    parent: '/gateway/subnet-cutover',
    query: TASK,
    page: () => import('../features/subnet-cutover/pages/CutoverDevices'),
  },

  // Platform
  { path: '/platform', title: 'platform', access: admin, redirect: '/platform/authentication' },
  {
    path: '/platform/authentication',
    title: 'platformAuth',
    access: admin,
    menu: 'platform',
    page: () => import('../features/platform/pages/Authentication'),
  },
  {
    path: '/platform/network',
    title: 'platformNetwork',
    access: admin,
    menu: 'platform',
    page: () => import('../features/network/pages/Network'),
  },
  {
    path: '/platform/frequency-plan',
    title: 'platformFrequency',
    access: admin,
    menu: 'platform',
    page: () => import('../features/frequency-plans/pages/FrequencyPlans'),
  },
  {
    path: '/platform/gateway-type',
    title: 'platformGatewayType',
    access: admin,
    menu: 'platform',
    page: () => import('../features/gateways/pages/GatewayTypes'),
  },
  {
    path: '/platform/powermeter',
    title: 'platformPowermeter',
    access: admin,
    menu: 'platform',
    page: () => import('../features/powermeter/pages/Powermeter'),
  },
  {
    path: '/platform/audit-log',
    title: 'platformAudit',
    access: admin,
    menu: 'platform',
    page: () => import('../features/audit/pages/AuditLog'),
  },
];

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
export const routeOf = (path: string): RouteDef | undefined => byPath.get(path.replace(/\/+$/, '') || '/');

/** A route with a page of its own: only these are offered in menus and links. */
export const hasPage = (r: RouteDef | undefined): r is RouteDef => r?.page !== undefined;
export const pathHasPage = (path: string): boolean => hasPage(routeOf(path));

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

/** The query parameters a page cannot open without: its ids (the names only label it). */
const idsOf = (r: RouteDef) => (r.query ?? []).filter((k) => !k.endsWith('Name'));

/**
 * Where a URL that lacks an id its page needs goes instead (a bookmark cut short, a link typed
 * by hand): the nearest breadcrumb ancestor the URL has every id of, with them; else home.
 * Undefined when nothing is missing.
 */
export function missingIdTarget(route: RouteDef, search: URLSearchParams): string | undefined {
  const complete = (r: RouteDef) => idsOf(r).every((k) => search.get(k));
  if (complete(route)) return undefined;
  for (let p = route.parent ? routeOf(route.parent) : undefined; p; p = p.parent ? routeOf(p.parent) : undefined)
    if (complete(p)) return linkTo(p, search);
  return '/home';
}
