import { gpsTimeMs, nextPingSlot, unixTimeMs } from '@lns/lorawan/classb';
import { pingSlotChannelAt } from '@lns/lorawan/classb-channels';
import { getRegion } from '@lns/lorawan/regions';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Stage } from '../stage';
import { type PingSlot, sendQueued } from './classc';
import { STATUS_SQL as St } from './status-sql';

/** A class B frame goes to the gateway this long before its ping slot (gateways hold it a few seconds). */
const LEAD_MS = 1_500;
/** Until the device tells its periodicity (PingSlotInfoReq) it pings every 128 s (LoRaWAN 1.0.4 default). */
const DEFAULT_PERIODICITY = 7;
/** Said in the downlink history while a class B downlink waits for a gateway that can beacon. */
export const NO_CLASS_B_GATEWAY = 'NO_CLASS_B_GATEWAY';

/**
 * Class B devices: their queued downlinks leave in the device's next ping slot (`tmms`, GPS time)
 * through the gateway that heard it last, when that gateway has class B enabled; one timer per
 * device waiting for its slot, none polling. Without such a gateway the downlink stays queued and
 * its record says why (a later uplink through one reschedules it).
 */
export class ClassBScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly dp: Stage) {}

  async schedule(devEUI: string): Promise<void> {
    if (this.timers.has(devEUI)) return;
    const dp = this.dp;
    // The gateway's class B setting is read fresh: a change in the console applies to the next downlink.
    const [dev] = rowsOf(
      await dp.db.execute(sql`
        SELECT d.dev_addr, d.region, d.class, d.ping_slot_periodicity, g.enable_class_b,
               EXISTS (SELECT 1 FROM downlinks WHERE dev_eui = ${devEUI} AND status = ${St.ENQUEUED}) AS queued
        FROM devices d LEFT JOIN gateways g ON g.gw_id = d.last_gw_id
        WHERE d.dev_eui = ${devEUI}`),
    );
    if (dev?.class !== 'B' || !dev.dev_addr || !dev.queued) return;
    if (!dev.enable_class_b) {
      await dp.db.execute(sql`
        UPDATE downlinks SET response_error = ${NO_CLASS_B_GATEWAY}
        WHERE dev_eui = ${devEUI} AND status = ${St.ENQUEUED} AND response_error IS DISTINCT FROM ${NO_CLASS_B_GATEWAY}`);
      return;
    }
    const region = getRegion(String(dev.region));
    const tmms = nextPingSlot({
      nowGpsMs: gpsTimeMs(Date.now() + LEAD_MS),
      devAddr: String(dev.dev_addr),
      periodicity: dev.ping_slot_periodicity === null ? DEFAULT_PERIODICITY : Number(dev.ping_slot_periodicity),
    });
    const devAddr = String(dev.dev_addr);
    // The region's default ping-slot channel for the slot's beacon period (hopping in US915, AU915, CN470).
    const slot: PingSlot = { tmms, ...pingSlotChannelAt(region, devAddr, tmms) };
    const timer = setTimeout(
      () => {
        this.timers.delete(devEUI);
        void sendQueued(dp, devEUI, 'B', slot).catch((err) => dp.log.warn({ err }, 'class B downlink failed'));
      },
      Math.max(0, unixTimeMs(tmms) - LEAD_MS - Date.now()),
    );
    timer.unref();
    this.timers.set(devEUI, timer);
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
