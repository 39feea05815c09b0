import { C } from '@lns/contract/codes';
import {
  appMessageRow,
  deviceDataInfoQuery,
  deviceHistoryQuery,
  deviceLorawanHistoryQuery,
} from '@lns/contract/dataplane';
import { envelopeOf, listEnvelopeOf } from '@lns/contract/envelope';
import { protocolFrame } from '@lns/contract/frames';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guard';
import { deviceFrames, deviceMessages } from '../../db/schema/dataplane';
import { DeviceRepository } from '../../devices/repository';
import { DomainError } from '../../errors';
import { historyPage, timeRange } from '../../ns/history';
import { appMessageOf, protocolFrameOf } from '../../ns/records';
import { list, ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['device data'];

/**
 * Application-layer and protocol-layer history of a device (docs/product/live-and-history.md). History tables
 * have no foreign key: rows older than the device itself belong to an earlier device of that EUI.
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

  app.get(
    '/api/device/history',
    {
      schema: {
        tags,
        summary: 'Application messages (decrypted uplinks and joins) of a device, paged, newest first by default',
        querystring: deviceHistoryQuery,
        response: { 200: listEnvelopeOf(appMessageRow) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/device/datainfo',
    {
      schema: {
        tags,
        summary: 'One application message',
        querystring: deviceDataInfoQuery,
        response: { 200: envelopeOf(appMessageRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const dev = await visible(q.devEUI, req.user);
      return ok(appMessageOf(await findOne(deviceMessages, q, dev.since), dev));
    },
  );

  app.get(
    '/api/device/lorawan/history',
    {
      schema: {
        tags,
        summary: 'Protocol-layer frames (up and down) of a device, filtered by message types and direction',
        querystring: deviceLorawanHistoryQuery,
        response: { 200: listEnvelopeOf(protocolFrame) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/device/lorawan/datainfo',
    {
      schema: {
        tags,
        summary: 'One protocol-layer frame',
        querystring: deviceDataInfoQuery,
        response: { 200: envelopeOf(protocolFrame) },
      },
    },
    async (req) => {
      const q = req.query;
      const dev = await visible(q.devEUI, req.user);
      return ok(protocolFrameOf(await findOne(deviceFrames, q, dev.since)));
    },
  );
};
