import { deviceTagApi as api } from '@lns/contract/api/device-tags';
import { C } from '@lns/contract/codes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ownedBy } from '../../db/ownership';
import { devices, deviceTags } from '../../db/schema/devices';
import { refuseBatch } from '../devices/refuse';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Device tags: a common user's own tags (admins: everyone's), grouped by groupName. */
export const deviceTagRoutes: RouteModule = (app, s) => {
  const deviceNums = sql<number>`(SELECT count(*) FROM ${devices} WHERE ${devices.tagIds} @> ARRAY[${deviceTags.id}])::int`;
  /** A tag as the API lists it, with the number of devices carrying it. */
  const tagItem = {
    tagId: deviceTags.id,
    name: deviceTags.name,
    groupName: deviceTags.groupName,
    deviceNums,
    createtime: deviceTags.createdAt,
  };

  route(app, api.list, async (req) => {
    const rows = await s.db
      .select(tagItem)
      .from(deviceTags)
      .where(ownedBy(req.user, deviceTags.ownerId))
      .orderBy(asc(deviceTags.groupName), asc(deviceTags.name), asc(deviceTags.id));
    return ok({ tags: rows });
  });

  route(app, api.create, async (req) => {
    const names = [...new Set(req.body.tags)];
    const groupName = req.body.groupName;
    const now = Date.now();
    await s.db
      .insert(deviceTags)
      .values(names.map((name) => ({ ownerId: req.user.id, groupName, name, createdAt: now })))
      .onConflictDoNothing();
    const rows = await s.db
      .select(tagItem)
      .from(deviceTags)
      .where(
        and(eq(deviceTags.ownerId, req.user.id), eq(deviceTags.groupName, groupName), inArray(deviceTags.name, names)),
      )
      .orderBy(asc(deviceTags.name));
    return ok({ tags: rows });
  });

  route(app, api.delete, async (req, reply) => {
    const ids = [...new Set(req.body.tagsId)];
    const found = await s.db
      .select({ id: deviceTags.id })
      .from(deviceTags)
      .where(and(inArray(deviceTags.id, ids), ownedBy(req.user, deviceTags.ownerId)));
    const have = new Set(found.map((r) => r.id));
    const failed = ids
      .filter((id) => !have.has(id))
      .map((id) => ({ id: String(id), code: C.PARAM_FORMAT, reason: 'tag missing' }));
    if (failed.length) return refuseBatch(req, reply, C.PARAM_FORMAT, { deleted: [], failed }, undefined, 'tagsId');
    await s.db.transaction(async (tx) => {
      for (const id of ids) {
        await tx
          .update(devices)
          .set({ tagIds: sql`array_remove(${devices.tagIds}, ${id}::int)` })
          .where(sql`${devices.tagIds} @> ARRAY[${id}::int]`);
      }
      await tx.delete(deviceTags).where(inArray(deviceTags.id, ids));
    });
    return ok({ deleted: ids, failed: [] });
  });
};
