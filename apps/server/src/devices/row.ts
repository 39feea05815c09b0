import type { DeviceRow } from '@lns/contract/devices';
import type { devices } from '../db/schema/devices';

/**
 * The device columns a listed row is made of (toRow, and decorate's name lookups): list pages read
 * only these, not the keys and ADR state (an array and a JSON value to parse per row).
 */
export const LISTED_KEYS = [
  'devEui',
  'appId',
  'ownerId',
  'name',
  'authType',
  'appEui',
  'devAddr',
  'class',
  'macVersion',
  'productType',
  'region',
  'subnet',
  'autoSubnet',
  'tagIds',
  'remarks',
  'fCntUp',
  'fCntDown',
  'joinedAt',
  'lastSeen',
  'rssi',
  'snr',
  'createdAt',
] as const satisfies readonly (keyof typeof devices.$inferSelect)[];
export type ListedRecord = Pick<typeof devices.$inferSelect, (typeof LISTED_KEYS)[number]>;

/** A stored device as the API lists it, with its application, owner and tag names (in tagIds order). */
export function toRow(d: ListedRecord, appName: string, username: string, tags: string[]): DeviceRow {
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
