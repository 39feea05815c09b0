import { fuotaApi as api } from '@lns/contract/api/fuota';
import { C, type Code } from '@lns/contract/codes';
import { FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { pageWindow } from '@lns/contract/paging';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { fuotaTasks } from '../../db/schema/fuota';
import { DomainError } from '../../errors';
import { createFuotaTask } from '../../fuota/create';
import { firmwareImage } from '../../fuota/image';
import { FuotaRepository } from '../../fuota/repository';
import { GroupRepository } from '../../multicast/groups';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** FUOTA transfer tasks (admins): start, follow, abort, delete (docs/product/fuota.md). */
export const fuotaRoutes: RouteModule = (app, s) => {
  const repo = new FuotaRepository(s.db);
  const groups = new GroupRepository(s.db);

  route(app, api.create, async (req) => {
    const b = req.body;
    const group = await groups.visible(b.mcEUI, req.user);
    if (!group) throw new DomainError(C.MC_MISSING, undefined, 'mcEUI');
    const { fdID } = await createFuotaTask(s.db, {
      group,
      ownerId: req.user.id,
      firmwareName: b.firmwareName,
      oldVersion: b.oldVersion ?? '',
      newVersion: b.newVersion ?? '',
      image: await firmwareImage(s.files, b),
      redundancyPercent: b.redundancyPercent,
      devEUIs: await groups.memberDevices(group.mcEui),
    });
    s.fuota.wake();
    return ok({ fdID });
  });

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.tasks({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  route(app, api.info, async (req) => {
    const task = await repo.task(req.query.fdID);
    if (!task) throw new DomainError(C.FUOTA_TASK_MISSING, undefined, 'fdID');
    return ok(task);
  });

  route(app, api.devices, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.devices({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  route(app, api.firmware, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.firmware({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  route(app, api.abort, async (req) => {
    const { fdID } = req.body;
    const [task] = await s.db.select({ state: fuotaTasks.state }).from(fuotaTasks).where(eq(fuotaTasks.fdId, fdID));
    if (!task) throw new DomainError(C.FUOTA_TASK_MISSING, undefined, 'fdID');
    // Nothing sent yet: done at once. Later: the devices are told to delete their session first.
    const next = task.state === S.CREATED ? S.DONE : Math.max(task.state, S.SEND_FRAG_SESS_DEL);
    const now = Date.now();
    const moved = await s.db
      .update(fuotaTasks)
      .set({
        errorMessage: `aborted by ${req.user.name}`,
        state: next,
        ...(next !== task.state && { stepEnds: null }),
        nextStepTime: now,
        // A step in flight cannot save over the abort (it checks the state); another may start at once.
        leaseUntil: 0,
        updatedAt: now,
        ...(next === S.DONE && { finishedAt: now }),
      })
      .where(and(eq(fuotaTasks.fdId, fdID), lt(fuotaTasks.state, S.DONE)))
      .returning({ id: fuotaTasks.fdId });
    if (moved.length === 0) throw new DomainError(C.FUOTA_TASK_FINISHED, undefined, 'fdID');
    s.fuota.wake();
    return ok();
  });

  route(app, api.delete, async (req, reply) => {
    const ids = [...new Set(req.body.fdIDs)];
    const found = await s.db
      .select({ id: fuotaTasks.fdId, state: fuotaTasks.state })
      .from(fuotaTasks)
      .where(inArray(fuotaTasks.fdId, ids));
    const failed = ids.flatMap((id): { fdID: number; code: Code; msg: string }[] => {
      const t = found.find((f) => f.id === id);
      if (!t) return [{ fdID: id, code: C.FUOTA_TASK_MISSING, msg: 'task missing' }];
      if (t.state < S.DONE) return [{ fdID: id, code: C.FUOTA_TASK_RUNNING, msg: 'task running, abort it first' }];
      return [];
    });
    if (failed.length > 0) {
      const code = failed.some((f) => f.code === C.FUOTA_TASK_RUNNING) ? C.FUOTA_TASK_RUNNING : C.FUOTA_TASK_MISSING;
      return refuseBatch(req, reply, code, { deleted: [], failed }, `${failed.length} tasks refused`, 'fdIDs');
    }
    // fuota_devices rows go with their task (ON DELETE CASCADE).
    await s.db.delete(fuotaTasks).where(and(inArray(fuotaTasks.fdId, ids), sql`${fuotaTasks.state} = ${S.DONE}`));
    return ok({ deleted: ids, failed: [] });
  });
};
