/**
 * Network servers and the NTP host (docs/product/network-servers.md): platform settings that say
 * where gateways are pointed. Our decisions:
 * - A network-server entry names the address (`nsURL`) that the gateways of one region's subnet
 *   are pointed at: `host:port` as a Semtech UDP packet forwarder's `server_address` and port take
 *   it, or a `udp://`, `mqtt://`, `mqtts://`, `ws://` or `wss://` URL (the MQTT broker a gateway
 *   agent connects to). No credentials in it: every admin sees it, and each gateway has its own.
 * - At most one entry per region and subnet (1012 when taken); a region or subnet the catalogue
 *   does not have is 1011 (an entry that does not exist is 1011 too: entries are per subnet);
 *   a subnet this server does not serve is 1017 (a region outside the server's NS_REGIONS, and the
 *   pico subnet, whose gateways carry their own server addresses in extendedAttr).
 * - Each entry has a colour (#666666 unless chosen), shown on the network page.
 * - The NTP host is one platform value: the time server of every gateway whose own ntpServer is
 *   empty. Unset until an admin sets it (we do not pick a public pool for a private network);
 *   when set it is required and is a host name, an IPv4 or an IPv6 address.
 */
import { z } from 'zod';
import { hexColor } from './gateway-types';
import { queryId, text } from './input';
import { DEFAULT_COLOR } from './limits';
import { regionId, subnetId } from './regions';
import { V } from './validation';

export const NS_URL_MAX = 256;
/** The gateway's own ntpServer column is this long; the platform value fits it. */
export const NTP_HOST_MAX = 128;
/** Schemes an nsURL may have (besides the bare host:port of a UDP packet forwarder). */
export const NS_URL_SCHEMES = ['udp', 'mqtt', 'mqtts', 'ws', 'wss'] as const;

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 address without brackets or zone: the URL parser (browser and Node alike) decides. */
function isIPv6(s: string): boolean {
  if (!s.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  try {
    return new URL(`http://[${s}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** A DNS host name (letters, digits, hyphens in dot-separated labels; not all digits), IPv4 or IPv6. */
export function isHost(s: string): boolean {
  if (IPV4.test(s) || isIPv6(s)) return true;
  // Dotted digits that are not an IPv4 address (1.2.3, 300.1.1.1) are not names either.
  if (/^[\d.]+$/.test(s) || s.length > 253) return false;
  return s.split('.').every((l) => LABEL.test(l));
}

const validPort = (p: string) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535;
/** host (IPv6 in brackets) and an optional port, as written: no user, no normalising of odd forms. */
const AUTHORITY = /^(\[[^\]]*\]|[^:/@[\]?#]+)(?::([^/]*))?$/;

function isAuthority(a: string, portRequired: boolean): boolean {
  const m = AUTHORITY.exec(a);
  if (!m) return false;
  const [, host = '', port] = m;
  if (port === undefined ? portRequired : !validPort(port)) return false;
  return host.startsWith('[') ? isIPv6(host.slice(1, -1)) : isHost(host);
}

/**
 * `host:port` (IPv6 in brackets), or a URL of NS_URL_SCHEMES: udp needs a port, the others take
 * their default; only the web-socket forms have a path (the broker's endpoint, /mqtt say).
 */
export function isNsUrl(s: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(s)) return false;
  const url = /^([a-z]+):\/\/([^/]*)(\/.*)?$/.exec(s);
  if (!url) return isAuthority(s, true);
  const [, scheme = '', authority = '', path = ''] = url;
  if (!(NS_URL_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (path && !(scheme.startsWith('ws') && /^\/[A-Za-z0-9._~/-]*$/.test(path))) return false;
  return isAuthority(authority, scheme === 'udp');
}

export const nsURL = text()
  .trim()
  .min(1, V.nsURLEmpty)
  .max(NS_URL_MAX)
  .refine((s) => s === '' || isNsUrl(s), V.nsURL);

export const nsCreateBody = z.object({
  region: regionId,
  subnet: subnetId,
  nsURL,
  color: hexColor.default(DEFAULT_COLOR),
});
export const nsUpdateBody = nsCreateBody.extend({ nsID: queryId() });
export const nsIdBody = z.object({ nsID: queryId() });

export const nsRow = z.object({
  nsID: z.number(),
  region: z.string(),
  subnet: z.string(),
  nsURL: z.string(),
  color: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type NsRow = z.infer<typeof nsRow>;

export const ntpHost = text()
  .trim()
  .min(1, V.ntpHostEmpty)
  .max(NTP_HOST_MAX)
  .refine((s) => s === '' || isHost(s), V.ntpHost);
export const ntpUpdateBody = z.object({ ntpHost });
export const ntpInfo = z.object({
  /** '' while no admin has set one. */
  ntpHost: z.string(),
  updatedAt: z.number().nullable(),
});
export type NtpInfo = z.infer<typeof ntpInfo>;
