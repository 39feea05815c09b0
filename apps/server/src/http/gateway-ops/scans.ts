import { frequencyScanApi as api } from '@lns/contract/api/gateway-commands';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { DomainError } from '../../errors';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Noise scans of the caller's gateways (every user; admins all gateways). */
export const frequencyScanRoutes: RouteModule = (app, s) => {
  const scans = s.gatewayScans;

  route(app, api.start, async (req) => {
    const { gatewayId, ...range } = req.body;
    return ok(await scans.start(req.user, gatewayId, range));
  });

  route(app, api.status, async (req) => {
    const latest = (await scans.latest(req.user, req.query.gatewayId)) ?? null;
    return ok({ scanning: latest?.state === 'running', latest });
  });

  route(app, api.latestRecord, async (req) => ok((await scans.latestFinished(req.user, req.query.gatewayId)) ?? null));

  route(app, api.query, async (req) => {
    const scan = await scans.one(req.query.id, req.user);
    if (!scan) throw new DomainError(C.GATEWAY_MISSING, 'no such scan', 'id');
    return ok(scan);
  });

  route(app, api.list, async (req) => {
    const q = req.query;
    const { limit = q.pageSize, offset } = pageWindow(q);
    const { rows, amount } = await scans.page(req.user, q.gatewayId, limit, offset);
    return list(rows, amount);
  });
};
