import { useSyncExternalStore } from 'react';

/**
 * The product type of each device opened in this browser session (sessionStorage: sign-out clears
 * it). The device side menu offers a relay's or a ladtp's own pages only for a device of that
 * type; the device pages note the type whenever they load a device.
 */
const KEY = 'lns.deviceProducts';
const listeners = new Set<() => void>();

function read(): Record<string, string> {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function noteDeviceProduct(devEUI: string, productType: string): void {
  const all = read();
  const eui = devEUI.toLowerCase();
  if (!eui || all[eui] === productType) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...all, [eui]: productType }));
  } catch {}
  for (const l of listeners) l();
}

/** The noted product type of a device; undefined when this session has not loaded it. */
export const deviceProduct = (devEUI: string): string | undefined => read()[devEUI.toLowerCase()];

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The noted product type of a device, re-rendering when it is noted. */
export function useDeviceProduct(devEUI: string | null): string | undefined {
  return useSyncExternalStore(subscribe, () => (devEUI ? deviceProduct(devEUI) : undefined));
}
