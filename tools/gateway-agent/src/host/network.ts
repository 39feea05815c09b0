import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type { NETWORK_TYPES } from '@lns/contract/gateway-agent';

export type NetworkType = (typeof NETWORK_TYPES)[number];

export interface Interface {
  name: string;
  mac: string;
  addresses: string[];
}

/** By the kernel's naming: wlan*, wl*, ra*, phy* are Wi-Fi; wwan*, ppp*, usb*, lte*, rmnet* cellular. */
export function networkTypeOf(name: string): NetworkType {
  if (/^(wlan|wl|ra|phy|ath)/.test(name)) return 'wifi';
  if (/^(wwan|ppp|usb|lte|rmnet|3g-|4g-|qmi)/.test(name)) return 'lte';
  return 'ethernet';
}

/** The interface of the default IPv4 route (lowest metric) from /proc/net/route's text. */
export function defaultRouteInterface(routeTable: string): string | undefined {
  let best: { iface: string; metric: number } | undefined;
  for (const line of routeTable.split('\n').slice(1)) {
    const [iface, dest, , , , , metric, mask] = line.trim().split(/\s+/);
    if (!iface || dest !== '00000000' || mask !== '00000000') continue;
    const m = Number(metric);
    if (!best || m < best.metric) best = { iface, metric: m };
  }
  return best?.iface;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Every interface but loopback: from node (addresses as CIDR) and /sys/class/net (so that an
 * interface without an address, a Wi-Fi that lost its AP say, is listed too).
 */
export function interfaces(): Interface[] {
  const byName = new Map<string, Interface>();
  for (const [name, addrs = []] of Object.entries(os.networkInterfaces())) {
    if (addrs.some((a) => a.internal)) continue;
    byName.set(name, { name, mac: addrs[0]?.mac ?? '', addresses: addrs.map((a) => a.cidr ?? a.address) });
  }
  let sys: string[] = [];
  try {
    sys = readdirSync('/sys/class/net');
  } catch {}
  for (const name of sys) {
    if (name === 'lo') continue;
    const mac = readText(`/sys/class/net/${name}/address`);
    const known = byName.get(name);
    if (known) known.mac = mac || known.mac;
    else byName.set(name, { name, mac, addresses: [] });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const ipv4 = (i: Interface | undefined) =>
  i?.addresses.map((a) => a.split('/')[0]!).find((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a));
const privateV4 = (a: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a);

export interface Addresses {
  defaultInterface?: string;
  networkType: NetworkType;
  /** The default route interface's IPv4 address (the wanIpUrl answer replaces it). */
  routeIP?: string;
  /** A private IPv4 address, the default route interface's first. */
  lanIP?: string;
}

export function addresses(list: Interface[], routeTable = readText('/proc/net/route')): Addresses {
  const def = defaultRouteInterface(routeTable);
  const defIf = list.find((i) => i.name === def);
  const ordered = defIf ? [defIf, ...list.filter((i) => i !== defIf)] : list;
  const lanIP = ordered.map(ipv4).find((a) => a !== undefined && privateV4(a));
  return {
    defaultInterface: def,
    networkType: def ? networkTypeOf(def) : 'ethernet',
    routeIP: ipv4(defIf),
    lanIP: lanIP ?? ipv4(defIf),
  };
}

/** The public address as a plain-text service at `url` tells it (5 s at most); undefined on failure. */
export async function fetchWanIp(url: string): Promise<string | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return undefined;
    const text = (await res.text()).trim();
    return /^[0-9a-fA-F.:]{2,45}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
