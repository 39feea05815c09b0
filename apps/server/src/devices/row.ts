import type { DeviceRow } from '@lns/contract/devices';
import type { devices } from '../db/schema/devices';

/** A stored device as the API lists it, with its application, owner and tag names (in tagIds order). */
export function toRow(d: typeof devices.$inferSelect, appName: string, username: string, tags: string[]): DeviceRow {
  return {
    devEUI: d.devEui,
    devName: d.name,
    appID: d.appId,
    appName,
    appEUI: d.appEui,
    authType: d.authType,
    devAddr: d.devAddr,
    class: d.class,
    supportClassB: d.class === 'B',
    supportClassC: d.class === 'C',
    macVersion: d.macVersion,
    productType: d.productType as DeviceRow['productType'],
    region: d.region,
    subnet: d.subnet,
    autoSubnet: d.autoSubnet,
    tagsId: d.tagIds,
    tags,
    remarks: d.remarks,
    fCntUp: d.fCntUp,
    fCntDown: d.fCntDown,
    lastSeen: d.lastSeen,
    rssi: d.rssi,
    snr: d.snr,
    status: d.joinedAt !== null ? 'joined' : 'notJoined',
    username,
    createtime: d.createdAt,
  };
}
