import { DATA_EXPIRE_DAYS } from '@lns/contract/limits';
import { PLATFORM_CONFIG_DEFAULTS, type PlatformConfig } from '@lns/contract/platform';
import { inArray, sql } from 'drizzle-orm';
import { type BusTopics, type EventBus, topics } from '../bus/bus';
import type { Db } from '../db/client';
import { settings } from '../db/schema/core';

/**
 * The platform switches the server honours (settings table keys; defaults when absent): the
 * history switches and retention period the data plane applies, and the live-stream switch.
 */
export type DataSettings = PlatformConfig;

export const DATA_SETTING_DEFAULTS: DataSettings = PLATFORM_CONFIG_DEFAULTS;

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
  const d = DATA_SETTING_DEFAULTS;
  return {
    enableGwData: flag(stored.enableGwData, d.enableGwData),
    enableDevAppData: flag(stored.enableDevAppData, d.enableDevAppData),
    enableDevMacData: flag(stored.enableDevMacData, d.enableDevMacData),
    enableDevDlData: flag(stored.enableDevDlData, d.enableDevDlData),
    enableWebsocket: flag(stored.enableWebsocket, d.enableWebsocket),
    dataExpireDay: Number.isInteger(days)
      ? Math.min(DATA_EXPIRE_DAYS.max, Math.max(DATA_EXPIRE_DAYS.min, days))
      : d.dataExpireDay,
  };
}

export async function readDataSettings(db: Db): Promise<DataSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  return parseDataSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** Stores every switch at once (one statement: all or nothing). */
export async function writeDataSettings(db: Db, value: DataSettings, now = Date.now()): Promise<void> {
  await db
    .insert(settings)
    .values(KEYS.map((key) => ({ key, value: value[key], updatedAt: now })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    });
}

const same = (a: DataSettings, b: DataSettings) => KEYS.every((k) => a[k] === b[k]);

/**
 * The switches, read at most every `ttlMs` (the uplink path asks for them on every frame). A
 * change made through the API refreshes it at once (`refresh`), on other instances through the
 * bus (`followSettingsChanges`); the TTL is the fallback when a bus message is lost.
 */
export class DataSettingsCache {
  private value: DataSettings = DATA_SETTING_DEFAULTS;
  private at = 0;
  private loading: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private readonly listeners = new Set<(v: DataSettings, before: DataSettings) => void>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  /** The last known switches; refreshes in the background when stale. */
  get(): DataSettings {
    if (Date.now() - this.at > this.ttlMs && !this.loading) void this.load();
    return this.value;
  }

  /** The switches, read again first when stale (for checks that must not use a value older than the TTL). */
  async current(): Promise<DataSettings> {
    return Date.now() - this.at > this.ttlMs ? this.refresh() : this.value;
  }

  /**
   * Reads the switches now. A read already under way may have started before the change the
   * caller wants to see, so one more read is queued after it (shared by every caller meanwhile).
   */
  async refresh(): Promise<DataSettings> {
    if (this.loading) {
      this.next ??= this.loading.then(() => {
        this.next = undefined;
        return this.load();
      });
      await this.next;
    } else await this.load();
    return this.value;
  }

  /** Calls `fn` after every change of the switches this cache sees; returns the unsubscribe. */
  onChange(fn: (v: DataSettings, before: DataSettings) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private load(): Promise<void> {
    this.loading = readDataSettings(this.db)
      .then((v) => this.set(v))
      .catch(() => {})
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private set(v: DataSettings): void {
    const before = this.value;
    this.value = v;
    this.at = Date.now();
    if (same(before, v)) return;
    for (const fn of [...this.listeners]) {
      try {
        fn(v, before);
      } catch {
        // A failing listener must not keep the others from the change.
      }
    }
  }
}

/** Tells every instance (this one too) that the settings were saved; each reads them again. */
export function announceSettingsChange(bus: EventBus<BusTopics>): void {
  bus.publish(topics.settingsChanged, { at: Date.now() });
}

/** Keeps this instance's cache in step with saves made on any instance; returns the stop. */
export function followSettingsChanges(bus: EventBus<BusTopics>, cache: DataSettingsCache): () => void {
  return bus.subscribe(topics.settingsChanged, () => void cache.refresh());
}
