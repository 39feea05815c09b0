import { C } from '@lns/contract/codes';
import { type AuthType, batchDeviceRow, type DeviceInput } from '@lns/contract/devices';
import { IMPORT_PROBLEM, type ImportIssue, type ImportRow, tagNamesOf } from '@lns/contract/imports';
import { eq } from 'drizzle-orm';
import type { AppRecord } from '../applications/repository';
import type { AuthUser } from '../auth/guard';
import type { Db } from '../db/client';
import { maySee } from '../db/ownership';
import { deviceTags } from '../db/schema/devices';
import { codedIssue, duplicateIssue, zodIssues } from '../imports/issues';
import { foreignTags } from './create';
import { checkRegion } from './regions';
import type { DeviceRepository, SessionHolder } from './repository';

/** The template column of a schema field (tags are named in the sheet, stored as ids). */
const column = (field: string) => (field.startsWith('tagsId') ? 'tags' : field);
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** The owner's tag ids by "name" (when no other group has that name) and by "group/name". */
async function tagIndex(db: Db, ownerId: number): Promise<Map<string, number[]>> {
  const tags = await db
    .select({ id: deviceTags.id, name: deviceTags.name, group: deviceTags.groupName })
    .from(deviceTags)
    .where(eq(deviceTags.ownerId, ownerId));
  const out = new Map<string, number[]>();
  const add = (k: string, id: number) => out.set(k, [...(out.get(k) ?? []), id]);
  for (const t of tags) {
    add(t.name, t.id);
    add(`${t.group}/${t.name}`, t.id);
  }
  return out;
}

export interface CheckedBatch {
  /** Every row with all its problems, in request order (row = 1-based position). */
  rows: ImportRow[];
  /** The rows ready to write, when no row failed. */
  inputs: DeviceInput[];
}

/**
 * Judges every row of a batch create without writing: the contract's schema (every field), tag
 * names, region and subnet, duplicates within the batch and against the database.
 */
export async function checkDeviceBatch(
  db: Db,
  repo: DeviceRepository,
  app: AppRecord,
  authType: AuthType,
  devices: Record<string, unknown>[],
  viewer: AuthUser,
): Promise<CheckedBatch> {
  const anyTags = devices.some((d) => str(d.tags) !== '');
  const index = anyTags ? await tagIndex(db, app.ownerId) : new Map<string, number[]>();
  const rows: ImportRow[] = [];
  const parsed: (DeviceInput | undefined)[] = [];
  for (const [i, raw] of devices.entries()) {
    const errors: ImportIssue[] = [];
    const { tags, ...rest } = raw;
    const tagsId = Array.isArray(rest.tagsId) ? [...rest.tagsId] : [];
    for (const name of tagNamesOf(str(tags))) {
      const ids = index.get(name) ?? [];
      if (ids.length === 1) tagsId.push(ids[0]!);
      else {
        const problem = ids.length ? IMPORT_PROBLEM.tagAmbiguous : IMPORT_PROBLEM.tagMissing;
        errors.push({ code: C.PARAM_FORMAT, field: 'tags', problem, params: { name } });
      }
    }
    const input = { ...rest, tagsId, authType };
    const r = batchDeviceRow.safeParse(input);
    if (!r.success) errors.push(...zodIssues(r.error, input, column));
    rows.push({ row: i + 1, id: str(raw.devEUI), name: str(raw.devName), errors });
    parsed.push(r.success ? r.data : undefined);
  }

  const ok = parsed.flatMap((d, i) => (d ? [{ d, row: rows[i]! }] : []));
  const foreign = new Set(
    await foreignTags(
      db,
      app.ownerId,
      ok.flatMap(({ d }) => d.tagsId),
    ),
  );
  const firstEui = new Map<string, number>();
  const firstSession = new Map<string, number>();
  for (const { d, row } of ok) {
    const region = checkRegion(d.region, d.subnet, d.autoSubnet);
    if (region) row.errors.push(codedIssue(region.code, region.field, region.reason));
    if (d.tagsId.some((id) => foreign.has(id))) row.errors.push(codedIssue(C.PARAM_FORMAT, 'tags'));
    const sameEui = firstEui.get(d.devEUI);
    if (sameEui !== undefined) row.errors.push(duplicateIssue(C.DEVICE_EXISTS, 'devEUI', sameEui));
    else firstEui.set(d.devEUI, row.row);
    if (d.authType === 'abp') {
      const key = `${d.devAddr}:${d.nwkSKey}`;
      const same = firstSession.get(key);
      if (same !== undefined) row.errors.push(duplicateIssue(C.DEVADDR_NWKSKEY_DUP, 'devAddr', same));
      else firstSession.set(key, row.row);
    }
  }

  const existing = await repo.existingEuis(ok.map(({ d }) => d.devEUI));
  const abpAddrs = ok.filter(({ d }) => d.authType === 'abp').map(({ d }) => d.devAddr!);
  const taken = abpAddrs.length ? await repo.takenSessions(abpAddrs) : new Map<string, SessionHolder>();
  for (const { d, row } of ok) {
    if (existing.has(d.devEUI)) row.errors.push(codedIssue(C.DEVICE_EXISTS, 'devEUI'));
    const holder = d.authType === 'abp' ? taken.get(`${d.devAddr}:${d.nwkSKey}`) : undefined;
    if (holder) {
      // The holder is named only to a caller who may see it (admins, its owner).
      const params = maySee(viewer, holder.ownerId) ? { params: { holder: holder.devEui } } : {};
      row.errors.push({ ...codedIssue(C.DEVADDR_NWKSKEY_DUP, 'devAddr'), ...params });
    }
  }
  const failed = rows.some((r) => r.errors.length > 0);
  return { rows, inputs: failed ? [] : ok.map(({ d }) => d) };
}
