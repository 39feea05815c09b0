import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, devices } from '../db/schema/devices';
import { gateways } from '../db/schema/gateways';
import { mcGroups } from '../db/schema/multicast';

/** A small time-bounded cache: integrations look the same rows up for every event. */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, { value, at: Date.now() });
    return value;
  }

  forget(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

export interface DeviceApp {
  appID: number;
  ownerId: number;
  enableMQTT: boolean;
}

export interface GatewayPush {
  gwName: string;
  ownerId: number;
  pushUrls: string[];
  headers: Record<string, string>;
}

export interface GroupIntegrations {
  enableMqtt: boolean;
  pushUrls: string[];
  headers: Record<string, string>;
}

/** Lookups of the integrations, cached for a few seconds (settings changes show up quickly). */
export class IntegrationLookup {
  private readonly deviceApps = new TtlCache<string, DeviceApp | null>(5000);
  private readonly gateways = new TtlCache<string, GatewayPush | null>(5000);

  constructor(private readonly db: Db) {}

  /** Deleted rows are looked up afresh: an EUI registered again may belong to someone else. */
  forget(e: { devices?: string[]; gateways?: string[]; applications?: number[] }): void {
    for (const d of e.devices ?? []) this.deviceApps.forget(d);
    for (const g of e.gateways ?? []) this.gateways.forget(g);
    if (e.applications?.length) this.deviceApps.clear();
  }

  /** The application of a device, or null when the device is gone. */
  appOfDevice(devEUI: string): Promise<DeviceApp | null> {
    return this.deviceApps.get(devEUI, async () => {
      const [row] = await this.db
        .select({ appID: applications.id, ownerId: applications.ownerId, enableMQTT: applications.enableMqtt })
        .from(devices)
        .innerJoin(applications, eq(applications.id, devices.appId))
        .where(eq(devices.devEui, devEUI))
        .limit(1);
      return row ?? null;
    });
  }

  /**
   * A multicast group's MQTT switch and push settings, or null when the group is gone. Read afresh
   * for every event (not cached): switching MQTT off or changing the push URLs takes effect with the
   * next event on every instance. Group events are few (a downlink's status, a member's setup state).
   */
  async multicastGroup(mcEUI: string): Promise<GroupIntegrations | null> {
    const [row] = await this.db
      .select({ enableMqtt: mcGroups.enableMqtt, pushUrls: mcGroups.pushUrls, headers: mcGroups.headers })
      .from(mcGroups)
      .where(eq(mcGroups.mcEui, mcEUI))
      .limit(1);
    return row ?? null;
  }

  gateway(gwID: string): Promise<GatewayPush | null> {
    return this.gateways.get(gwID, async () => {
      const [row] = await this.db
        .select({
          gwName: gateways.name,
          ownerId: gateways.ownerId,
          pushUrls: gateways.pushUrls,
          headers: gateways.headers,
        })
        .from(gateways)
        .where(eq(gateways.gwId, gwID))
        .limit(1);
      return row ?? null;
    });
  }
}
