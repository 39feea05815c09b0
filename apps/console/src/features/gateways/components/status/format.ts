import type { TFunction } from 'i18next';

/** Whether a status answer carries anything besides its `updatedAt` (and the keys given). */
export function reported(o: object | undefined, ignore: readonly string[] = []): boolean {
  if (!o) return false;
  return Object.entries(o).some(
    ([k, v]) =>
      k !== 'updatedAt' &&
      !ignore.includes(k) &&
      v !== undefined &&
      v !== null &&
      !(Array.isArray(v) && v.length === 0) &&
      !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
  );
}

/** Seconds as "3 d 4 h 12 m" (leading zero units left out). */
export function formatUptime(seconds: number, t: TFunction): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return t('gateways:status.uptimeDays', { d, h, m });
  if (h > 0) return t('gateways:status.uptimeHours', { h, m });
  return t('gateways:status.uptimeMinutes', { m });
}

/** A usage figure with at most one decimal. */
export const percentText = (n: number) => `${Math.round(n * 10) / 10}%`;

/** A reported enum value in the user's words; a value this console does not know is shown as is. */
export function enumText(t: TFunction, group: 'resetSource' | 'networkType', v: string | undefined): string {
  if (!v) return '—';
  return t(`gateways:status.${group}.${v}`, { defaultValue: v });
}

export const dash = (v: string | number | null | undefined) => (v === undefined || v === null || v === '' ? '—' : v);
