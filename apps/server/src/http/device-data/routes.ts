import { deviceDataApi as api } from '@lns/contract/api/device-data';
import { C } from '@lns/contract/codes';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import { deviceFrames, deviceMessages } from '../../db/schema/dataplane';
import { DeviceRepository } from '../../devices/repository';
import { DomainError } from '../../errors';
import { historyPage, timeRange } from '../../ns/history';
import { appMessageOf, protocolFrameOf } from '../../ns/records';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/**
 * Application-layer and protocol-layer history of a device. History tables have no foreign key:
 * rows older than the device itself belong to an earlier device of that EUI.
 */
export const deviceDataRoutes: RouteModule = (app, s) => {
  const devices = new DeviceRepository(s.db);
  const visible = async (devEUI: string, user: AuthUser) => {
    const d = await devices.visible(devEUI, user);
    if (!d) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    return { devName: d.name, appID: d.appId, since: d.createdAt };
  };
  /** One stored row of a device by msgID (and createtime when given), never older than the device. */
  const findOne = async <T extends typeof deviceMessages | typeof deviceFrames>(
    t: T,
    q: { devEUI: string; msgID: string; createtime?: number },
    since: number,
  ) => {
    const [row] = await s.db
      .select()
      .from(t as typeof deviceMessages)
      .where(
        and(
          eq(t.devEui, q.devEUI),
          gte(t.createdAt, since),
          eq(t.msgId, q.msgID),
          q.createtime !== undefined ? eq(t.createdAt, q.createtime) : undefined,
        ),
      )
      .limit(1);
    if (!row) throw new DomainError(C.PARAM_FORMAT, 'no such message', 'msgID');
    return row as T['$inferSelect'];
  };

  route(app, api.history, async (req) => {
    const q = req.query;
    const dev = await visible(q.devEUI, req.user);
    const t = deviceMessages;
    const where = and(
      eq(t.devEui, q.devEUI),
      gte(t.createdAt, dev.since),
      timeRange(t.createdAt, q),
      q.confirmed !== undefined ? eq(t.confirmed, q.confirmed) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(
      rows.map((r) => appMessageOf(r, dev)),
      amount,
    );
  });

  route(app, api.info, async (req) => {
    const q = req.query;
    const dev = await visible(q.devEUI, req.user);
    return ok(appMessageOf(await findOne(deviceMessages, q, dev.since), dev));
  });

  route(app, api.lorawanHistory, async (req) => {
    const q = req.query;
    const dev = await visible(q.devEUI, req.user);
    const t = deviceFrames;
    const where = and(
      eq(t.devEui, q.devEUI),
      gte(t.createdAt, dev.since),
      timeRange(t.createdAt, q),
      q.msgTypes?.length ? inArray(t.msgType, q.msgTypes) : undefined,
      q.uplink !== undefined ? eq(t.uplink, q.uplink) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(rows.map(protocolFrameOf), amount);
  });

  route(app, api.lorawanInfo, async (req) => {
    const q = req.query;
    const dev = await visible(q.devEUI, req.user);
    return ok(protocolFrameOf(await findOne(deviceFrames, q, dev.since)));
  });
};
