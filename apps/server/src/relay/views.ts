import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { RELAY_LINK } from '@lns/contract/relay';
import type { PayloadRow, RelayRequestRow, RelayRequestState } from '@lns/contract/relay-api';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { downlinks } from '../db/schema/dataplane';
import { relayDevices, type relayPayloads } from '../db/schema/relay';
import type { DeviceRecord } from '../devices/repository';
import { PRODUCT } from './protocol';
import type { RequestRecord } from './requests';
import { statusValues } from './status';

/**
 * A request as the console sees it. A queued request whose downlink already left (a class C
 * device's, sent at once) shows as sent before the device's next uplink moves it.
 */
export async function requestRows(db: Db, rows: RequestRecord[]): Promise<RelayRequestRow[]> {
  const ids = rows.filter((r) => r.state === 'queued' && r.msgId).map((r) => r.msgId!);
  const left = new Set(
    ids.length
      ? (
          await db
            .select({ msgId: downlinks.msgId, status: downlinks.status })
            .from(downlinks)
            .where(inArray(downlinks.msgId, ids))
        )
          .filter((d) => d.status !== DOWNLINK_STATUS.ENQUEUED)
          .map((d) => d.msgId)
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    devEUI: r.devEui,
    kind: r.kind,
    state: (r.state === 'queued' && r.msgId && left.has(r.msgId) ? 'sent' : r.state) as RelayRequestState,
    result: r.result,
    body: r.body,
    attempts: r.attempts,
    createtime: r.createdAt,
    updatetime: r.updatedAt,
  }));
}

export const relayStateOf = async (db: Db, devEUI: string) =>
  (await db.select().from(relayDevices).where(eq(relayDevices.devEui, devEUI)))[0];

/** Dotted bytes from the most significant one (0x01020000 = 1.2.0.0). */
export const dotted = (v: number | null | undefined) =>
  v === null || v === undefined ? null : [24, 16, 8, 0].map((s) => (v >>> s) & 0xff).join('.');

/** Status info: a relay's status block, modes, firmware and link, or a ladtp's heartbeat values. */
export async function statusInfo(db: Db, dev: DeviceRecord) {
  const st = await relayStateOf(db, dev.devEui);
  const v = st?.status ? statusValues(st.status) : {};
  const num = (k: string) => (v[k] === undefined ? null : v[k]!);
  const seen = { reportedAt: st?.reportedAt ?? null, lastSeen: dev.lastSeen ?? null };
  if (dev.productType === PRODUCT.LADTP)
    return {
      productType: PRODUCT.LADTP,
      voltage: num('voltage'),
      temperature: num('temperature'),
      rs485Errors: num('rs485Errors'),
      uptime: num('uptime'),
      ...seen,
    };
  return {
    productType: PRODUCT.RELAY,
    status: num('status'),
    workMode: st?.workMode ?? num('workMode'),
    backwardMode: st?.backwardMode ?? num('backwardMode'),
    slaveNum: num('slaveNum'),
    battery: num('battery'),
    voltage: num('voltage'),
    temperature: num('temperature'),
    wake: v.wake === undefined ? null : v.wake === 1,
    fwVersion: dotted(st?.srcFwVersion),
    destFwVersion: st?.destFwVersion ? dotted(st.destFwVersion) : null,
    fwSign: st?.fwSign ? st.fwSign.toString(16).padStart(8, '0') : null,
    // Its own last uplink came through a host relay, or it reported losing the gateway (event 6).
    link: dev.relayDevEui ? RELAY_LINK.RELAY : (st?.link ?? RELAY_LINK.GATEWAY),
    ...seen,
  };
}

/** The worst status of the downlinks that carry a payload (a lost part loses the frame). */
const WORST = [
  DOWNLINK_STATUS.TIMEOUT,
  DOWNLINK_STATUS.ENQUEUED,
  DOWNLINK_STATUS.SENT,
  DOWNLINK_STATUS.SENT_OK,
  DOWNLINK_STATUS.CONFIRMED,
] as number[];

export async function payloadRows(db: Db, rows: (typeof relayPayloads.$inferSelect)[]): Promise<PayloadRow[]> {
  const ids = rows.flatMap((r) => r.msgIds);
  const status = new Map(
    ids.length
      ? (
          await db
            .select({ msgId: downlinks.msgId, status: downlinks.status })
            .from(downlinks)
            .where(inArray(downlinks.msgId, ids))
        ).map((d) => [d.msgId, d.status])
      : [],
  );
  return rows.map((r) => {
    const of = r.msgIds.map((id) => status.get(id)).filter((s) => s !== undefined);
    const worst = of.length ? of.reduce((a, b) => (WORST.indexOf(a) <= WORST.indexOf(b) ? a : b)) : null;
    return {
      id: r.id,
      direction: r.direction,
      fPort: r.fPort,
      data: r.data,
      status: r.direction === 'down' ? worst : null,
      parts: r.parts,
      readAt: r.readAt,
      createtime: r.createdAt,
    };
  });
}
