import { C } from '@lns/contract/codes';
import { downlinkCreateBody, downlinkHistoryQuery } from '@lns/contract/dataplane';
import { envelopeOf, listEnvelopeOf } from '@lns/contract/envelope';
import { downlinkRecord } from '@lns/contract/frames';
import { and, eq } from 'drizzle-orm';
import { downlinks } from '../../db/schema/dataplane';
import { DeviceRepository } from '../../devices/repository';
import { DomainError } from '../../errors';
import { enqueueDownlink } from '../../ns/downlink/queue';
import { historyPage, timeRange } from '../../ns/history';
import { downlinkRecordOf } from '../../ns/records';
import { list, ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['downlinks'];

/** Device downlinks: queue one, and its history with status, delivery and ACK. */
export const downlinkRoutes: RouteModule = (app, s) => {
  const devices = new DeviceRepository(s.db);

  app.post(
    '/api/device/downlink/create',
    {
      schema: {
        tags,
        summary:
          'Queue a downlink (data in hex). Class A: sent after the next uplink; class C: at once. Port 1-255, 0 only with macCommands.',
        body: downlinkCreateBody,
        response: { 200: envelopeOf(downlinkRecord) },
      },
    },
    async (req) => {
      const b = req.body;
      const record = await enqueueDownlink(
        s.dataPlane,
        { devEUI: b.devEUI, fPort: b.fport, data: b.data, confirmed: b.confirmed, macCommands: b.macCommands },
        req.user,
      );
      return ok(record);
    },
  );

  app.get(
    '/api/device/downlink/history',
    {
      schema: {
        tags,
        summary:
          'Downlinks of a device: status 0 enqueued, 1 sent, 2 sent OK / unconfirmed, 3 confirmed, 4 timeout; delivery and ACK',
        querystring: downlinkHistoryQuery,
        response: { 200: listEnvelopeOf(downlinkRecord) },
      },
    },
    async (req) => {
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
    },
  );
};
