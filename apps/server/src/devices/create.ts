import { C } from '@lns/contract/codes';
import { DEVICE_QUOTA_DEFAULT, type DeviceInput } from '@lns/contract/devices';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppRecord } from '../applications/repository';
import type { AuthUser } from '../auth/guard';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { maySee } from '../db/ownership';
import { deviceTags } from '../db/schema/devices';
import { DomainError } from '../errors';
import type { LicenseGate } from '../license/gate';
import { checkRegion } from './regions';
import type { DeviceRepository, NewDevice, SessionHolder } from './repository';

/** Tag ids among `ids` that are not the owner's tags. */
export async function foreignTags(db: Db, ownerId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const own = await db
    .select({ id: deviceTags.id })
    .from(deviceTags)
    .where(and(eq(deviceTags.ownerId, ownerId), inArray(deviceTags.id, unique)));
  const ok = new Set(own.map((r) => r.id));
  return unique.filter((id) => !ok.has(id));
}

/**
 * Why a session pair is refused: the holding device is named only to a caller who may see it
 * (admins, its owner); anyone else learns only that the pair is taken.
 */
export function sessionTakenReason(holder: SessionHolder, viewer: AuthUser | undefined): string {
  return viewer !== undefined && maySee(viewer, holder.ownerId) ? `used by ${holder.devEui}` : 'used by another device';
}

type DeviceSettings = Pick<
  DeviceInput,
  | 'devName'
  | 'appEUI'
  | 'authType'
  | 'class'
  | 'macVersion'
  | 'productType'
  | 'region'
  | 'subnet'
  | 'autoSubnet'
  | 'tagsId'
  | 'remarks'
>;

/** The columns create and update write alike: subnet only when fixed, tags once each. */
export function settingsOf(d: DeviceSettings) {
  return {
    name: d.devName,
    appEui: d.appEUI,
    authType: d.authType,
    class: d.class,
    macVersion: d.macVersion,
    productType: d.productType,
    region: d.region,
    subnet: d.autoSubnet ? null : (d.subnet ?? null),
    autoSubnet: d.autoSubnet,
    tagIds: [...new Set(d.tagsId)],
    remarks: d.remarks,
  } satisfies Partial<NewDevice>;
}

/** The columns a create writes: session keys only for ABP. */
export function toInsert(d: DeviceInput, app: AppRecord, now: number): NewDevice {
  const abp = d.authType === 'abp';
  return {
    devEui: d.devEUI,
    appId: app.id,
    ownerId: app.ownerId,
    ...settingsOf(d),
    appKey: d.appKey ?? null,
    devAddr: abp ? d.devAddr : null,
    appSKey: abp ? d.appSKey : null,
    nwkSKey: abp ? d.nwkSKey : null,
    fCntUp: d.fCntUp,
    fCntDown: d.fCntDown,
    // ABP devices hold a session from the start; OTAA ones once the data plane accepts a join.
    joinedAt: abp ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Writes checked rows in one transaction, within the owner's device quota and the platform
 * license (4005 beyond either; 13001/13002 without a valid license).
 */
export async function insertDevices(
  db: Db,
  repo: DeviceRepository,
  app: AppRecord,
  inputs: DeviceInput[],
  license: LicenseGate,
) {
  const now = Date.now();
  const values = inputs.map((d) => toInsert(d, app, now));
  try {
    await db.transaction(async (tx) => {
      await license.admit(tx, { devices: values.length });
      const have = await repo.lockOwnerCount(tx, app.ownerId);
      const quota = (await repo.quotaOf(tx)) ?? DEVICE_QUOTA_DEFAULT;
      if (have + values.length > quota) {
        throw new DomainError(C.DEVICE_QUOTA, `quota ${quota}, owner has ${have}, adding ${values.length}`, 'devices');
      }
      await repo.insertMany(tx, values);
    });
  } catch (err) {
    // A concurrent request took an EUI or a session between the checks and the insert.
    const hit = uniqueViolation(err);
    if (hit === undefined) throw err;
    const addr = hit.constraint?.includes('addr') ?? false;
    throw new DomainError(
      addr ? C.DEVADDR_NWKSKEY_DUP : C.DEVICE_EXISTS,
      'taken by a concurrent request',
      addr ? 'devAddr' : 'devEUI',
    );
  }
}

/** One device from the create form: the batch's database checks, each refusal naming its field. */
export async function createDevice(
  db: Db,
  repo: DeviceRepository,
  app: AppRecord,
  d: DeviceInput,
  viewer: AuthUser,
  license: LicenseGate,
) {
  const region = checkRegion(d.region, d.subnet, d.autoSubnet);
  if (region) throw new DomainError(region.code, region.reason, region.field);
  const bad = await foreignTags(db, app.ownerId, d.tagsId);
  if (bad.length) throw new DomainError(C.PARAM_FORMAT, `tag ${bad[0]} missing`, 'tagsId');
  if ((await repo.existingEuis([d.devEUI])).has(d.devEUI))
    throw new DomainError(C.DEVICE_EXISTS, 'device exists', 'devEUI');
  if (d.authType === 'abp') {
    const holder = (await repo.takenSessions([d.devAddr!])).get(`${d.devAddr}:${d.nwkSKey}`);
    if (holder) throw new DomainError(C.DEVADDR_NWKSKEY_DUP, sessionTakenReason(holder, viewer), 'devAddr');
  }
  await insertDevices(db, repo, app, [d], license);
}
