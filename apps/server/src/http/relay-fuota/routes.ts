import { relayFuotaApi as api } from '@lns/contract/api/relay';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { DomainError } from '../../errors';
import { firmwareImage } from '../../fuota/image';
import { GroupRepository } from '../../multicast/groups';
import { RelayFuotaRepository } from '../../relay-fuota/repository';
import { createRelayTask, type StartKind, startRun } from '../../relay-fuota/tasks';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Relay firmware tasks (admins): FUOTA runs to the relays of a group (docs/product/relay.md). */
export const relayFuotaRoutes: RouteModule = (app, s) => {
  const repo = new RelayFuotaRepository(s.db);
  const groups = new GroupRepository(s.db);

  route(app, api.create, async (req) => {
    const b = req.body;
    const group = await groups.visible(b.mcEUI, req.user);
    if (!group) throw new DomainError(C.MC_MISSING, undefined, 'mcEUI');
    const fdID = await createRelayTask(s.db, {
      group,
      ownerId: req.user.id,
      firmwareName: b.firmwareName,
      srcFwVersion: b.srcFwVersion,
      destFwVersion: b.destFwVersion,
      redundancyPercent: b.redundancyPercent,
      image: await firmwareImage(s.files, b),
    });
    return ok({ fdID });
  });

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.tasks({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  route(app, api.mcGroups, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.groups({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  route(app, api.mcDevices, async (req) => {
    const q = req.query;
    const { rows, amount } = await repo.groupRelays({ ...pageWindow(q), ...q });
    return list(rows, amount);
  });

  const start = async (fdID: number, ownerId: number, kind: StartKind, chosen?: string[]) => {
    await startRun(s.db, s.config, { fdID, ownerId, kind, chosen });
    s.fuota.wake();
    return ok(await repo.task(fdID));
  };
  route(app, api.enable, (req) => start(req.body.fdID, req.user.id, 'enable'));
  route(app, api.recompose, (req) => start(req.body.fdID, req.user.id, 'recompose'));
  route(app, api.devicesRecompose, (req) => start(req.body.fdID, req.user.id, 'recompose', req.body.devEUIs));
};
