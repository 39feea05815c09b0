import { mcDownlinkApi as api } from '@lns/contract/api/multicast';
import { C } from '@lns/contract/codes';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import { mcDownlinkGateways, mcDownlinks } from '../../db/schema/multicast';
import { DomainError } from '../../errors';
import { GroupRepository } from '../../multicast/groups';
import { historyPage, timeRange } from '../../ns/history';
import { mcDownlinkRecordOf } from '../../ns/multicast/records';
import { sendMulticast } from '../../ns/multicast/send';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Multicast downlinks: send one through the group's gateways, its history, and what each gateway did. */
export const mcDownlinkRoutes: RouteModule = (app, s) => {
  const groups = new GroupRepository(s.db);
  const visibleGroup = async (mcEUI: string, user: AuthUser) => {
    const g = await groups.visible(mcEUI, user);
    if (!g) throw new DomainError(C.MC_MISSING, undefined, 'mcEUI');
    return g;
  };

  route(app, api.create, async (req) => {
    const b = req.body;
    const g = await visibleGroup(b.mcEUI, req.user);
    return ok(await sendMulticast(s.dataPlane, g, { fPort: b.fPort, data: b.data }));
  });

  route(app, api.history, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const t = mcDownlinks;
    const where = and(
      eq(t.mcEui, g.mcEui),
      timeRange(t.createdAt, q),
      q.confirmed !== undefined ? eq(t.confirmed, q.confirmed) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(rows.map(mcDownlinkRecordOf), amount);
  });

  route(app, api.status, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const [row] = await s.db
      .select()
      .from(mcDownlinks)
      .where(and(eq(mcDownlinks.mcEui, g.mcEui), eq(mcDownlinks.msgId, q.msgID)));
    if (!row) throw new DomainError(C.PARAM_FORMAT, 'no such multicast downlink', 'msgID');
    const gateways = await s.db
      .select()
      .from(mcDownlinkGateways)
      .where(eq(mcDownlinkGateways.msgId, row.msgId))
      .orderBy(mcDownlinkGateways.gwId);
    return ok({
      ...mcDownlinkRecordOf(row),
      gateways: gateways.map((r) => ({
        gwID: r.gwId,
        delivery: r.delivery as 'not_sent' | 'sent' | 'success' | 'error',
        error: r.error,
        tmms: r.tmms,
        dltime: r.dltime,
      })),
    });
  });
};
