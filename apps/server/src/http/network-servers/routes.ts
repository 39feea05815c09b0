import { networkServerApi as api, ntpApi } from '@lns/contract/api/network-servers';
import { C } from '@lns/contract/codes';
import { noteAudit } from '../../audit/hook';
import { DomainError } from '../../errors';
import { gatewaysFollowingNtpHost, readNtpHost, writeNtpHost } from '../../network-servers/ntp';
import { NetworkServerRepository } from '../../network-servers/repository';
import { checkServable } from '../../network-servers/rules';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const missing = () => new DomainError(C.SUBNET_MISSING, 'no such network-server entry', 'nsID');

/** Network-server entries and the NTP host (admins; access is the contract's). */
export const networkServerRoutes: RouteModule = (app, s) => {
  const repo = new NetworkServerRepository(s.db);
  const served = s.config.NS_REGIONS;

  route(app, api.list, async () => ok(await repo.list()));

  route(app, api.create, async (req) => {
    checkServable(req.body.region, req.body.subnet, served);
    const row = await repo.create(req.body);
    noteAudit(req, { after: row, entityID: String(row.nsID) });
    return ok({ nsID: row.nsID });
  });

  route(app, api.update, async (req) => {
    const { nsID, ...input } = req.body;
    const before = await repo.byId(nsID);
    if (!before) throw missing();
    checkServable(input.region, input.subnet, served);
    const after = await repo.update(nsID, input);
    if (!after) throw missing();
    noteAudit(req, { before, after, entityID: String(nsID) });
    return ok();
  });

  route(app, api.delete, async (req) => {
    const before = await repo.delete(req.body.nsID);
    if (!before) throw missing();
    noteAudit(req, { before, entityID: String(before.nsID) });
    return ok();
  });

  route(app, ntpApi.info, async () => ok(await readNtpHost(s.db)));

  route(app, ntpApi.update, async (req) => {
    const before = await readNtpHost(s.db);
    await writeNtpHost(s.db, req.body.ntpHost);
    noteAudit(req, { before: { ntpHost: before.ntpHost }, after: { ntpHost: req.body.ntpHost }, entityID: 'ntpHost' });
    if (before.ntpHost !== req.body.ntpHost) {
      // Agents of gateways without their own ntpServer follow the new host ("sent on change").
      for (const gwId of await gatewaysFollowingNtpHost(s.db)) {
        void s.dataPlane.mqttLink.pushConfig(gwId).catch(() => {});
      }
    }
    return ok();
  });
};
