import { MSG_TYPES } from '@lns/contract/frames';
import { formatHex } from '@lns/contract/hex';

/** SF{sf}BW{bw}, empty when the frame has no LoRa data rate. */
export function sfbw(sf: number | null | undefined, bw: number | null | undefined): string {
  return sf == null || bw == null ? '' : `SF${sf}BW${bw}`;
}

export function msgTypeName(t: number | null | undefined): string {
  return t == null ? '' : (MSG_TYPES[t as keyof typeof MSG_TYPES] ?? String(t));
}

/** EUIs and addresses as AA-BB-..; empty for none. */
export const eui = (hex: string | null | undefined) => formatHex(hex ?? '');

/** MHz with up to 3 decimals from Hz. */
export function mhz(freq: number | null | undefined): string {
  if (freq == null) return '';
  return String(Math.round(freq / 1000) / 1000);
}

/**
 * A decoded payload on one line: `temperature: 21.5, humidity: 40` for an object (nested values
 * as compact JSON), the value itself otherwise; empty when there is none. Long previews are cut
 * at the end by the cell, so the first fields stay readable.
 */
export function decodedPreview(object: unknown): string {
  if (object === undefined || object === null) return '';
  if (typeof object !== 'object' || Array.isArray(object)) return JSON.stringify(object);
  return Object.entries(object as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}
