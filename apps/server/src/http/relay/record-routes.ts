import { relayDeviceApi } from '@lns/contract/api/relay';
import { eq } from 'drizzle-orm';
import { relayEvents, relayPayloads, relaySlaveRecords, relayStatusHistory } from '../../db/schema/relay';
import { relayDevice } from '../../relay/access';
import { relayDownlink } from '../../relay/downlink';
import { inRange, pageOf } from '../../relay/lists';
import { payloadRows } from '../../relay/views';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** What a relay or ladtp reported (events, slave status records, status history) and its payloads. */
export const relayRecordRoutes: RouteModule = (app, s) => {
  route(app, relayDeviceApi.events, async (req) => {
    const q = req.query;
    const relay = await relayDevice(s.db, q.devEUI, req.user, 'relay');
    const { rows, amount } = await pageOf(
      s.db,
      relayEvents,
      [
        eq(relayEvents.devEui, relay.devEui),
        q.event === undefined ? undefined : eq(relayEvents.event, q.event),
        ...inRange(relayEvents.createdAt, q),
      ],
      relayEvents.id,
      q,
    );
    return list(
      rows.map((r) => ({
        id: r.id,
        event: r.event,
        slaveDevEUI: r.slaveDevEui,
        uptime: r.uptime,
        createtime: r.createdAt,
      })),
      amount,
    );
  });

  route(app, relayDeviceApi.statusRecord, async (req) => {
    const q = req.query;
    const relay = await relayDevice(s.db, q.devEUI, req.user, 'relay');
    const { rows, amount } = await pageOf(
      s.db,
      relaySlaveRecords,
      [
        eq(relaySlaveRecords.relayEui, relay.devEui),
        q.slaveDevEUI === undefined ? undefined : eq(relaySlaveRecords.slaveDevEui, q.slaveDevEUI),
        ...inRange(relaySlaveRecords.createdAt, q),
      ],
      relaySlaveRecords.id,
      q,
    );
    return list(
      rows.map((r) => ({
        id: r.id,
        slaveDevEUI: r.slaveDevEui,
        from: r.fromStatus,
        to: r.toStatus,
        createtime: r.createdAt,
      })),
      amount,
    );
  });

  route(app, relayDeviceApi.statusHistory, async (req) => {
    const q = req.query;
    const dev = await relayDevice(s.db, q.devEUI, req.user, 'both');
    const { rows, amount } = await pageOf(
      s.db,
      relayStatusHistory,
      [eq(relayStatusHistory.devEui, dev.devEui), ...inRange(relayStatusHistory.createdAt, q)],
      relayStatusHistory.id,
      q,
    );
    return list(
      rows.map((r) => ({ id: r.id, createtime: r.createdAt, values: r.vals })),
      amount,
    );
  });

  route(app, relayDeviceApi.downlink, async (req) => {
    const dev = await relayDevice(s.db, req.body.devEUI, req.user, 'both');
    const row = await relayDownlink(s.dataPlane, dev, req.body);
    return ok((await payloadRows(s.db, [row]))[0]!);
  });

  route(app, relayDeviceApi.payloads, async (req) => {
    const q = req.query;
    const dev = await relayDevice(s.db, q.devEUI, req.user, 'both');
    const { rows, amount } = await pageOf(
      s.db,
      relayPayloads,
      [
        eq(relayPayloads.devEui, dev.devEui),
        q.direction === undefined ? undefined : eq(relayPayloads.direction, q.direction),
        ...inRange(relayPayloads.createdAt, q),
      ],
      relayPayloads.id,
      q,
    );
    return list(await payloadRows(s.db, rows), amount);
  });
};
