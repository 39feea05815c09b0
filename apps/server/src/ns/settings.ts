import { DATA_EXPIRE_DAYS } from '@lns/contract/limits';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema/core';

/** The platform switches the data plane honours (settings table keys; defaults when absent). */
export interface DataSettings {
  enableGwData: boolean;
  enableDevAppData: boolean;
  enableDevMacData: boolean;
  enableDevDlData: boolean;
  /** Days of history kept, 1..30. */
  dataExpireDay: number;
}

export const DATA_SETTING_DEFAULTS: DataSettings = {
  enableGwData: true,
  enableDevAppData: true,
  enableDevMacData: true,
  enableDevDlData: true,
  dataExpireDay: DATA_EXPIRE_DAYS.default,
};

const KEYS = Object.keys(DATA_SETTING_DEFAULTS) as (keyof DataSettings)[];

const flag = (v: unknown, dflt: boolean): boolean =>
  v === true || v === 1 || v === '1' || v === 'true'
    ? true
    : v === false || v === 0 || v === '0' || v === 'false'
      ? false
      : dflt;

/** Parses stored values; anything unreadable falls back to the default. */
export function parseDataSettings(stored: Record<string, unknown>): DataSettings {
  const days = Number(stored.dataExpireDay);
  return {
    enableGwData: flag(stored.enableGwData, true),
    enableDevAppData: flag(stored.enableDevAppData, true),
    enableDevMacData: flag(stored.enableDevMacData, true),
    enableDevDlData: flag(stored.enableDevDlData, true),
    dataExpireDay: Number.isInteger(days)
      ? Math.min(DATA_EXPIRE_DAYS.max, Math.max(DATA_EXPIRE_DAYS.min, days))
      : DATA_EXPIRE_DAYS.default,
  };
}

export async function readDataSettings(db: Db): Promise<DataSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  return parseDataSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The switches, read at most every `ttlMs` (the uplink path asks for them on every frame). */
export class DataSettingsCache {
  private value: DataSettings = DATA_SETTING_DEFAULTS;
  private at = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  /** The last known switches; refreshes in the background when stale. */
  get(): DataSettings {
    if (Date.now() - this.at > this.ttlMs) void this.refresh();
    return this.value;
  }

  async refresh(): Promise<DataSettings> {
    this.loading ??= readDataSettings(this.db)
      .then((v) => {
        this.value = v;
        this.at = Date.now();
      })
      .catch(() => {})
      .finally(() => {
        this.loading = undefined;
      });
    await this.loading;
    return this.value;
  }
}
