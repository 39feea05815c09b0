import { sql } from 'drizzle-orm';
import { type EventBus, type LocalTopics, localTopics } from '../bus/bus';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { gatewayConnections, gatewayStats } from '../db/schema/dataplane';
import { type GatewayRecord, gatewaysByGwIds } from '../gateways/repository';
import type { DataSettingsCache } from './settings';
import type { HistoryWriter } from './writer';

/** Where a gateway's downlinks go: the source address of its latest PULL_DATA. */
export interface PullAddress {
  address: string;
  port: number;
  version: number;
}

const POSITIVE_TTL = 5000;
/** Cached lookups kept at most; datagrams from random EUIs must not grow memory without bound. */
const CACHE_MAX = 50_000;
const NEGATIVE_TTL = 2000;
/** last_seen is written at most this often per gateway while it stays online. */
const LAST_SEEN_WRITE_MS = 30_000;

/**
 * Gateway state for the bridge: a short-lived cache of registered gateways (so unknown ones are
 * ignored without a query per datagram), PULL addresses, and online/offline tracking with a
 * link-history row on each transition.
 */
export class GatewayRegistry {
  private readonly cache = new Map<string, { gw: GatewayRecord | undefined; at: number }>();
  private readonly loading = new Map<string, Promise<GatewayRecord | undefined>>();
  readonly pull = new Map<string, PullAddress>();
  /** Gateways this instance knows are online, with when last_seen was last written. */
  private readonly online = new Map<string, { heard: number; written: number }>();

  constructor(
    private readonly db: Db,
    private readonly local: EventBus<LocalTopics>,
    private readonly writer: HistoryWriter,
    private readonly settings: DataSettingsCache,
  ) {}

  /** The registered gateway, or undefined; cached for a few seconds. */
  async get(gwId: string): Promise<GatewayRecord | undefined> {
    const hit = this.cache.get(gwId);
    const now = Date.now();
    if (hit && now - hit.at < (hit.gw ? POSITIVE_TTL : NEGATIVE_TTL)) return hit.gw;
    let p = this.loading.get(gwId);
    if (!p) {
      p = gatewaysByGwIds(this.db, [gwId])
        .then(([gw]) => {
          this.remember(gwId, gw);
          return gw;
        })
        .finally(() => this.loading.delete(gwId));
      this.loading.set(gwId, p);
    }
    return p;
  }

  /** Insertion order is age order (entries are re-inserted on refresh): the oldest goes first. */
  private remember(gwId: string, gw: GatewayRecord | undefined): void {
    this.cache.delete(gwId);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(gwId, { gw, at: Date.now() });
  }

  /** Cached record without a query (the uplink path, after the bridge has looked it up). */
  cached(gwId: string): GatewayRecord | undefined {
    return this.cache.get(gwId)?.gw;
  }

  /** The gateway was heard (PULL_DATA or PUSH_DATA, or a message over MQTT). Marks it online on the first one. */
  async heard(gwId: string, mqtt = false): Promise<void> {
    const now = Date.now();
    const st = this.online.get(gwId);
    if (st) {
      st.heard = now;
      if (now - st.written < LAST_SEEN_WRITE_MS) return;
      st.written = now;
      await this.db.execute(sql`UPDATE gateways SET last_seen = ${now}, online = true WHERE gw_id = ${gwId}`);
      return;
    }
    this.online.set(gwId, { heard: now, written: now });
    const res = await this.db.execute(
      sql`UPDATE gateways SET online = true, last_seen = ${now}, mqtt = ${mqtt} WHERE gw_id = ${gwId} AND (NOT online OR mqtt <> ${mqtt}) RETURNING gw_id`,
    );
    if (rowsOf(res).length > 0) this.transition(gwId, true, now, mqtt);
    else await this.db.execute(sql`UPDATE gateways SET last_seen = ${now} WHERE gw_id = ${gwId}`);
  }

  /** An MQTT gateway said it went offline (ConnState OFFLINE, or the broker's will for it). */
  async offline(gwId: string): Promise<void> {
    this.online.delete(gwId);
    const now = Date.now();
    const res = await this.db.execute(
      sql`UPDATE gateways SET online = false WHERE gw_id = ${gwId} AND online RETURNING gw_id`,
    );
    if (rowsOf(res).length > 0) this.transition(gwId, false, now, true);
  }

  private transition(gwId: string, online: boolean, at: number, mqtt = false): void {
    this.writer.add(gatewayConnections, { gwId, createdAt: at, online, mqtt });
    this.local.publish(localTopics.gatewayConnection, { gwID: gwId, online, createtime: at });
  }

  /**
   * Gateways not heard for `offlineMs` go offline; MQTT ones (normally told offline by `state/conn`
   * or the broker's will) only after three of their stat intervals as well, which also covers a
   * will lost with the embedded broker in a restart. Cluster-safe: the UPDATE returns only the rows
   * it flipped.
   */
  async sweep(offlineMs: number): Promise<string[]> {
    const now = Date.now();
    const cutoff = now - offlineMs;
    for (const [gwId, st] of this.online) {
      if (st.heard < cutoff) {
        this.online.delete(gwId);
        this.pull.delete(gwId);
      }
    }
    // Keep last_seen fresh for gateways heard here, so another instance's sweep leaves them alone.
    const res = await this.db.execute(
      sql`UPDATE gateways SET online = false
          WHERE online AND coalesce(last_seen, 0) < ${cutoff}
            AND (NOT mqtt OR coalesce(last_seen, 0) < ${now}::bigint - 3000 * stat_interval::bigint)
          RETURNING gw_id, mqtt`,
    );
    const rows = rowsOf(res);
    for (const r of rows) {
      this.online.delete(String(r.gw_id));
      this.transition(String(r.gw_id), false, now, Boolean(r.mqtt));
    }
    return rows.map((r) => String(r.gw_id));
  }

  /** A `stat` report: stored (when gateway history is on) and handed to integrations. */
  stat(gwId: string, stat: Record<string, unknown>): void {
    const now = Date.now();
    if (this.settings.get().enableGwData) this.writer.add(gatewayStats, { gwId, createdAt: now, stat });
    this.local.publish(localTopics.gatewayStat, { gwID: gwId, stat, createtime: now });
  }
}
