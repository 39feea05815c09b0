/**
 * Platform configuration (docs/product/platform.md): the history switches, the live-stream
 * switch and the retention period, and the account view of the authentication page. Admins only.
 *
 * The settings are key/value rows that may be absent; absent or unreadable ones take the defaults
 * below, which is what the data plane applies. So reading them never fails with 1015 (platform
 * config missing): a fresh platform answers the defaults, and the next save writes every field.
 */
import { z } from 'zod';
import { DATA_EXPIRE_DAYS } from './limits';

/** The switches and the retention period, each required in an update. */
export const platformConfig = z.object({
  /** Store frames a gateway heard or sent, and its status reports. */
  enableGwData: z.boolean(),
  /** Store devices' application-layer messages. */
  enableDevAppData: z.boolean(),
  /** Store devices' protocol-layer frames. */
  enableDevMacData: z.boolean(),
  /** Store devices' protocol-layer downlink frames (with enableDevMacData). */
  enableDevDlData: z.boolean(),
  /** Serve live WebSocket streams; off closes the open ones (STREAM_CLOSE.DISABLED). */
  enableWebsocket: z.boolean(),
  /** Days of history kept, a whole number. */
  dataExpireDay: z.int().min(DATA_EXPIRE_DAYS.min).max(DATA_EXPIRE_DAYS.max),
});
export type PlatformConfig = z.infer<typeof platformConfig>;

/** What a platform that never saved its configuration runs with: history on, streams on, 7 days. */
export const PLATFORM_CONFIG_DEFAULTS: PlatformConfig = {
  enableGwData: true,
  enableDevAppData: true,
  enableDevMacData: true,
  enableDevDlData: true,
  enableWebsocket: true,
  dataExpireDay: DATA_EXPIRE_DAYS.default,
};

/** The fields of the configuration, in the order the page shows them. */
export const PLATFORM_SWITCHES = [
  'enableGwData',
  'enableDevAppData',
  'enableDevMacData',
  'enableDevDlData',
  'enableWebsocket',
] as const satisfies readonly (keyof PlatformConfig)[];
export type PlatformSwitch = (typeof PLATFORM_SWITCHES)[number];

/** The authentication page's account card. */
export const platformAccount = z.object({
  /** The signed-in administrator. */
  username: z.string(),
  /** Devices and gateways of every owner. */
  deviceCount: z.number().int(),
  gatewayCount: z.number().int(),
  /** The network's NetID (server setting NET_ID), 6 lowercase hex digits. */
  nwID: z.string(),
});
export type PlatformAccount = z.infer<typeof platformAccount>;
