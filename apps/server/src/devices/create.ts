import { C } from '@lns/contract/codes';
import type { BatchRowError, DeviceInput } from '@lns/contract/devices';
import { DEVICE_QUOTA_DEFAULT } from '@lns/contract/devices';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppRecord } from '../applications/repository';
import type { AuthUser } from '../auth/guard';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { maySee } from '../db/ownership';
import { deviceTags } from '../db/schema/devices';
import { DomainError } from '../errors';
import { checkRegion } from './regions';
import type { DeviceRepository, NewDevice, SessionHolder } from './repository';

export interface RowInput {
  index: number;
  input: DeviceInput;
}

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
 * Create devices in an application: every row is checked (region, duplicates within the batch and
 * against the database, tags, quota) before anything is written; then one transaction inserts
 * all rows in multi-row chunks. Returns the failing rows (nothing written) or [] (all written).
 */
export async function createDevices(
  db: Db,
  repo: DeviceRepository,
  app: AppRecord,
  rows: RowInput[],
  /** Rows already refused by the schema: the others are still checked, nothing is written. */
  refused: BatchRowError[] = [],
  /** The caller: decides whether a refusal may name another device. */
  viewer?: AuthUser,
): Promise<BatchRowError[]> {
  const failed: BatchRowError[] = [...refused];
  const fail = (r: RowInput, code: number, field: string, reason: string) =>
    failed.push({ index: r.index, devEUI: r.input.devEUI, code, field, reason });

  const seenEui = new Map<string, number>();
  const seenSession = new Map<string, number>();
  if (!rows.length) return failed;
  const badTags = new Set(
    await foreignTags(
      db,
      app.ownerId,
      rows.flatMap((r) => r.input.tagsId),
    ),
  );
  const ok: RowInput[] = [];
  for (const r of rows) {
    const d = r.input;
    const region = checkRegion(d.region, d.subnet, d.autoSubnet);
    if (region) {
      fail(r, region.code, region.field, region.reason);
      continue;
    }
    const tag = d.tagsId.find((id) => badTags.has(id));
    if (tag !== undefined) {
      fail(r, C.PARAM_FORMAT, 'tagsId', `tag ${tag} missing`);
      continue;
    }
    if (seenEui.has(d.devEUI)) {
      fail(r, C.DEVICE_EXISTS, 'devEUI', `duplicated in row ${seenEui.get(d.devEUI)! + 1}`);
      continue;
    }
    seenEui.set(d.devEUI, r.index);
    if (d.authType === 'abp') {
      const key = `${d.devAddr}:${d.nwkSKey}`;
      if (seenSession.has(key)) {
        fail(r, C.DEVADDR_NWKSKEY_DUP, 'devAddr', `duplicated in row ${seenSession.get(key)! + 1}`);
        continue;
      }
      seenSession.set(key, r.index);
    }
    ok.push(r);
  }

  const existing = await repo.existingEuis(ok.map((r) => r.input.devEUI));
  const abpAddrs = ok.filter((r) => r.input.authType === 'abp').map((r) => r.input.devAddr!);
  const taken = abpAddrs.length ? await repo.takenSessions(abpAddrs) : new Map<string, SessionHolder>();
  for (const r of ok) {
    const d = r.input;
    const holder = d.authType === 'abp' ? taken.get(`${d.devAddr}:${d.nwkSKey}`) : undefined;
    if (existing.has(d.devEUI)) fail(r, C.DEVICE_EXISTS, 'devEUI', 'device exists');
    else if (holder) fail(r, C.DEVADDR_NWKSKEY_DUP, 'devAddr', sessionTakenReason(holder, viewer));
  }
  if (failed.length) return failed.sort((a, b) => a.index - b.index);

  const now = Date.now();
  const values = rows.map((r) => toInsert(r.input, app, now));
  try {
    await db.transaction(async (tx) => {
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
  return [];
}
