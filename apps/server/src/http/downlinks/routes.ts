import { downlinkApi as api } from '@lns/contract/api/downlinks';
import { C } from '@lns/contract/codes';
import { and, eq } from 'drizzle-orm';
import { downlinks } from '../../db/schema/dataplane';
import { DeviceRepository } from '../../devices/repository';
import { DomainError } from '../../errors';
import { enqueueDownlink } from '../../ns/downlink/queue';
import { historyPage, timeRange } from '../../ns/history';
import { downlinkRecordOf } from '../../ns/records';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Device downlinks: queue one, and its history with status, delivery and ACK. */
export const downlinkRoutes: RouteModule = (app, s) => {
  const devices = new DeviceRepository(s.db);

  route(app, api.create, async (req) => {
    const b = req.body;
    const record = await enqueueDownlink(
      s.dataPlane,
      { devEUI: b.devEUI, fPort: b.fport, data: b.data, confirmed: b.confirmed, macCommands: b.macCommands },
      req.user,
    );
    return ok(record);
  });

  route(app, api.history, async (req) => {
    const q = req.query;
    if (!(await devices.visible(q.devEUI, req.user))) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    const t = downlinks;
    const where = and(
      eq(t.devEui, q.devEUI),
      timeRange(t.createdAt, q),
      q.confirmed !== undefined ? eq(t.confirmed, q.confirmed) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(rows.map(downlinkRecordOf), amount);
  });
};
