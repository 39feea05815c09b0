import { deviceApi as api } from '@lns/contract/api/devices';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { txPowerDbm } from '@lns/lorawan/regions';
import { ApplicationRepository } from '../../applications/repository';
import { noteAudit } from '../../audit/hook';
import { uniqueViolation } from '../../db/errors';
import { checkDeviceBatch } from '../../devices/batch-import';
import { createDevice, foreignTags, insertDevices, sessionTakenReason, settingsOf } from '../../devices/create';
import { checkRegion } from '../../devices/regions';
import { afterBulkWrite, DeviceRepository, type NewDevice } from '../../devices/repository';
import { DomainError } from '../../errors';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import { refuseBatch } from './refuse';

/** EIRP of a TXPower index in the device's region (null for an unknown region or index). */
function dbmOf(region: string, txPower: number): number | null {
  try {
    return txPowerDbm(region, txPower);
  } catch {
    return null;
  }
}

/** Devices: list, create, batch-create, update, status. Batch edits are in batch-routes.ts. */
export const deviceRoutes: RouteModule = (app, s) => {
  const apps = new ApplicationRepository(s.db);
  const repo = new DeviceRepository(s.db);

  s.search.register('device', async ({ keyword, hex, user, limit, offset }) => {
    const { rows, amount } = await repo.search(user, { keyword, hex }, limit, offset);
    return { rows: await repo.decorate(rows), amount };
  });

  const visibleApp = async (appID: number, user: Parameters<typeof apps.visible>[1], field = 'appID') => {
    const a = await apps.visible(appID, user);
    if (!a) throw new DomainError(C.APP_MISSING, undefined, field);
    return a;
  };

  route(app, api.list, async (req) => {
    const q = req.query;
    // The list shows only what the user may see, so a non-empty page proves the application
    // visible; only an empty one needs the check (a missing application is an error, not []).
    const { rows, amount } = await repo.list(req.user, {
      ...pageWindow(q),
      orderBy: q.orderBy,
      orderType: q.orderType,
      appID: q.appID,
      regions: q.regions,
      tagsId: q.tagsId,
    });
    if (q.appID !== undefined && amount === 0) await visibleApp(q.appID, req.user);
    return list(await repo.decorate(rows), amount);
  });

  route(app, api.create, async (req) => {
    const a = await visibleApp(req.body.appID, req.user);
    await createDevice(s.db, repo, a, req.body, req.user, s.license);
    return ok({ devEUI: req.body.devEUI });
  });

  route(app, api.batchCreate, async (req, reply) => {
    const { appID, authType, devices, dryRun } = req.body;
    const a = await visibleApp(appID, req.user);
    const { rows, inputs } = await checkDeviceBatch(s.db, repo, a, authType, devices, req.user);
    const failing = rows.filter((r) => r.errors.length > 0);
    if (dryRun) return ok({ dryRun: true, created: 0, rows });
    if (failing.length) {
      const report = { dryRun: false, created: 0, rows };
      return refuseBatch(
        req,
        reply,
        failing[0]!.errors[0]!.code as never,
        report,
        `${failing.length} rows refused`,
        'devices',
      );
    }
    await insertDevices(s.db, repo, a, inputs, s.license);
    await afterBulkWrite(s, inputs.length);
    return ok({ dryRun: false, created: inputs.length, rows });
  });

  route(app, api.update, async (req) => {
    const d = req.body;
    const cur = await repo.visible(d.devEUI, req.user);
    if (!cur) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    const region = checkRegion(d.region, d.subnet, d.autoSubnet);
    if (region) throw new DomainError(region.code, region.reason, region.field);
    const bad = await foreignTags(s.db, cur.ownerId, d.tagsId);
    if (bad.length) throw new DomainError(C.PARAM_FORMAT, `tag ${bad[0]} missing`, 'tagsId');
    const patch: Partial<NewDevice> = {
      ...settingsOf(d),
      appKey: d.appKey ?? (d.authType === 'otaa' ? cur.appKey : null),
    };
    if (d.fCntUp !== undefined) patch.fCntUp = d.fCntUp;
    if (d.fCntDown !== undefined) patch.fCntDown = d.fCntDown;
    if (d.authType === 'abp') {
      const taken = await repo.takenSessions([d.devAddr!]);
      const holder = taken.get(`${d.devAddr}:${d.nwkSKey}`);
      if (holder && holder.devEui !== cur.devEui) {
        throw new DomainError(C.DEVADDR_NWKSKEY_DUP, sessionTakenReason(holder, req.user), 'devAddr');
      }
      Object.assign(patch, {
        devAddr: d.devAddr,
        appSKey: d.appSKey,
        nwkSKey: d.nwkSKey,
        joinedAt: cur.joinedAt ?? Date.now(),
      });
    } else if (cur.authType === 'abp') {
      // Switching to OTAA: the ABP session ends; the device must join.
      Object.assign(patch, { devAddr: null, appSKey: null, nwkSKey: null, joinedAt: null });
    }
    // OTAA session keys set by a join are left as they are.
    try {
      await repo.update(cur.devEui, patch);
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw new DomainError(C.DEVADDR_NWKSKEY_DUP, undefined, 'devAddr');
      throw err;
    }
    noteAudit(req, { before: cur, after: { ...cur, ...patch } });
    return ok();
  });

  route(app, api.status, async (req) => {
    const d = await repo.visibleNamed(req.query.devEUI, req.user);
    if (!d) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    const [row] = await repo.decorate([d]);
    return ok({
      ...row!,
      appKey: d.appKey,
      appSKey: d.appSKey,
      nwkSKey: d.nwkSKey,
      freq: d.freq,
      dr: d.dr,
      battery: d.battery,
      margin: d.margin,
      txPower: d.txPower,
      txPowerDbm: dbmOf(d.region, d.txPower),
      nbTrans: d.nbTrans,
      fPort: d.fPort,
      updatetime: d.updatedAt,
    });
  });
};
