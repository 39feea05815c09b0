import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RESET_SOURCES } from '@lns/contract/gateway-agent';

type ResetSource = (typeof RESET_SOURCES)[number];

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8').replace(/\0/g, '').trim();
  } catch {
    return undefined;
  }
};
const list = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

/** A thermal zone or hwmon reading in m°C, as °C; absurd values (unwired sensors) are not readings. */
function celsius(raw: string | undefined): number | null {
  const n = raw === undefined ? Number.NaN : Number(raw);
  if (!Number.isFinite(n)) return null;
  const c = n / 1000;
  return c > -40 && c < 150 ? Math.round(c * 10) / 10 : null;
}

/**
 * The SoC temperature in °C: the thermal zone whose type names the CPU or SoC, else the first
 * readable zone, else the first hwmon sensor; null when the host exposes none.
 */
export function temperature(root = '/sys/class'): number | null {
  const zones = list(join(root, 'thermal')).filter((z) => z.startsWith('thermal_zone'));
  const typed = zones.map((z) => ({ z, type: read(join(root, 'thermal', z, 'type')) ?? '' }));
  const preferred = typed.filter((t) => /cpu|soc|x86_pkg/i.test(t.type)).concat(typed);
  for (const { z } of preferred) {
    const c = celsius(read(join(root, 'thermal', z, 'temp')));
    if (c !== null) return c;
  }
  for (const h of list(join(root, 'hwmon'))) {
    const c = celsius(read(join(root, 'hwmon', h, 'temp1_input')));
    if (c !== null) return c;
  }
  return null;
}

// Linux watchdog bootstatus flags (WDIOF_*).
const CARDRESET = 0x20;
const POWER_FAULTS = 0x01 | 0x02 | 0x10 | 0x40;

/**
 * Why the host last started, where the platform says: a watchdog's bootstatus tells a watchdog
 * reset (CARDRESET) or a power or thermal fault; a zero bootstatus only says "not the watchdog",
 * which is not enough to tell power-on from a software reboot, so that stays unknown.
 */
export function resetSource(root = '/sys/class'): ResetSource {
  for (const w of list(join(root, 'watchdog'))) {
    const raw = read(join(root, 'watchdog', w, 'bootstatus'));
    const flags = raw === undefined ? Number.NaN : Number(raw);
    if (!Number.isInteger(flags)) continue;
    if (flags & CARDRESET) return 'watchdog';
    if (flags & POWER_FAULTS) return 'hardware';
  }
  return 'unknown';
}

/** The board's name from the device tree (ARM boards) or DMI (PCs). */
export const boardModel = () => read('/proc/device-tree/model') || read('/sys/class/dmi/id/product_name') || undefined;

/** The distribution's name and version: OpenWrt's release file, else os-release. */
export function firmwareVersion(): string | undefined {
  const openwrt = read('/etc/openwrt_release')?.match(/^DISTRIB_DESCRIPTION='?"?([^'"\n]+)/m)?.[1];
  return openwrt ?? read('/etc/os-release')?.match(/^PRETTY_NAME="?([^"\n]+)/m)?.[1];
}
