import { deviceApi as api } from '@lns/contract/api/devices';
import { C } from '@lns/contract/codes';
import { DEVICE_QUOTA_DEFAULT } from '@lns/contract/devices';
import { ApplicationRepository } from '../../applications/repository';
import type { AuthUser } from '../../auth/guard';
import { localTopics } from '../../bus/bus';
import { foreignTags } from '../../devices/create';
import { afterBulkWrite, type DeviceRecord, DeviceRepository } from '../../devices/repository';
import { DomainError } from '../../errors';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import { refuseBatch } from './refuse';

/** Delete, batch update, move and frame-counter reset: each all or nothing. */
export const deviceBatchRoutes: RouteModule = (app, s) => {
  const apps = new ApplicationRepository(s.db);
  const repo = new DeviceRepository(s.db);

  /** The selected devices, or the list of those the user may not touch (missing or not owned). */
  const select = async (euis: string[], user: AuthUser, appID?: number) => {
    const unique = [...new Set(euis)];
    const found = new Map((await repo.visibleMany(unique, user)).map((d) => [d.devEui, d]));
    const failed = unique
      .filter((e) => !found.has(e) || (appID !== undefined && found.get(e)!.appId !== appID))
      .map((e) => ({
        id: e,
        code: C.DEVICE_MISSING,
        reason: found.has(e) ? 'not in this application' : 'device missing',
      }));
    return { devices: [...found.values()] as DeviceRecord[], euis: unique, failed };
  };

  route(app, api.delete, async (req, reply) => {
    const { euis, failed } = await select(req.body.devEUIs, req.user);
    if (failed.length) return refuseBatch(req, reply, C.DEVICE_BATCH_DELETE, { deleted: [], failed });
    await repo.deleteMany(euis);
    s.local.publish(localTopics.entityDeleted, { devices: euis });
    await afterBulkWrite(s, euis.length);
    return ok({ deleted: euis, failed: [] });
  });

  route(app, api.resetFcnt, async (req) => {
    const d = await repo.visible(req.body.devEUI, req.user);
    if (!d) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    await repo.update(d.devEui, { fCntUp: req.body.fCntUp, fCntDown: req.body.fCntDown });
    return ok();
  });

  route(app, api.updateMany, async (req, reply) => {
    const b = req.body;
    const a = await apps.visible(b.appID, req.user);
    if (!a) throw new DomainError(C.APP_MISSING, undefined, 'appID');
    const { euis, failed } = await select(b.devEUIs, req.user, a.id);
    if (failed.length) return refuseBatch(req, reply, C.DEVICE_MISSING, { failed });
    if (b.tagsId) {
      const bad = await foreignTags(s.db, a.ownerId, b.tagsId);
      if (bad.length) throw new DomainError(C.PARAM_FORMAT, `tag ${bad[0]} missing`, 'tagsId');
    }
    await s.db.transaction((tx) =>
      repo.updateMany(
        euis,
        {
          ...(b.tagsId ? { tagIds: [...new Set(b.tagsId)] } : {}),
          ...(b.remarks !== undefined ? { remarks: b.remarks } : {}),
        },
        tx,
      ),
    );
    await afterBulkWrite(s, euis.length);
    return ok({ updated: euis.length });
  });

  route(app, api.move, async (req, reply) => {
    const target = await apps.visible(req.body.appId, req.user);
    if (!target) throw new DomainError(C.APP_MISSING, undefined, 'appId');
    const { devices, failed } = await select(req.body.devEUIs, req.user);
    if (failed.length) return refuseBatch(req, reply, C.DEVICE_MISSING, { failed });
    const moving = devices.filter((d) => d.appId !== target.id);
    // Devices changing owner (admin moves) count against the new owner's quota and lose their
    // tags, which belong to the old owner.
    const foreign = moving.filter((d) => d.ownerId !== target.ownerId).map((d) => d.devEui);
    const same = moving.filter((d) => d.ownerId === target.ownerId).map((d) => d.devEui);
    await s.db.transaction(async (tx) => {
      if (foreign.length) {
        const have = await repo.lockOwnerCount(tx, target.ownerId);
        const quota = (await repo.quotaOf(tx)) ?? DEVICE_QUOTA_DEFAULT;
        if (have + foreign.length > quota) {
          throw new DomainError(C.DEVICE_QUOTA, `quota ${quota}, owner has ${have}`, 'devEUIs');
        }
        await repo.updateMany(foreign, { appId: target.id, ownerId: target.ownerId, tagIds: [] }, tx);
      }
      if (same.length) await repo.updateMany(same, { appId: target.id }, tx);
    });
    await afterBulkWrite(s, moving.length);
    return ok({ moved: moving.length });
  });
};
