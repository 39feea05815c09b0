import { relayDeviceApi } from '@lns/contract/api/relay';
import type { Code } from '@lns/contract/codes';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { devices } from '../../db/schema/devices';
import { relayRejoins, relaySlaves } from '../../db/schema/relay';
import { relayDevice } from '../../relay/access';
import { bindSlaves, type Outcome, unbindSlaves } from '../../relay/bind';
import { pageOf } from '../../relay/lists';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** A relay's slaves: the list, bind, unbind (per-slave results), its rejoin list. */
export const relaySlaveRoutes: RouteModule = (app, s) => {
  const dp = s.dataPlane;

  /** None could be bound (or unbound): the first one's code, each slave listed with its own. */
  const answer = (req: FastifyRequest, reply: FastifyReply, o: Outcome) =>
    o.done.length === 0
      ? refuseBatch(req, reply, o.failed[0]!.code as Code, o, o.failed[0]!.reason, 'slaveDevEUIs')
      : ok(o);

  route(app, relayDeviceApi.slaves, async (req) => {
    const q = req.query;
    const relay = await relayDevice(s.db, q.devEUI, req.user, 'relay');
    const order = q.orderBy === 'slaveDevEUI' ? relaySlaves.slaveDevEui : relaySlaves.updatedAt;
    const { rows, amount } = await pageOf(
      s.db,
      relaySlaves,
      [eq(relaySlaves.relayEui, relay.devEui), q.status === undefined ? undefined : eq(relaySlaves.status, q.status)],
      order,
      q,
    );
    const euis = rows.map((r) => r.slaveDevEui);
    const names = new Map(
      euis.length
        ? (
            await s.db
              .select({ devEui: devices.devEui, name: devices.name })
              .from(devices)
              .where(inArray(devices.devEui, euis))
          ).map((d) => [d.devEui, d.name])
        : [],
    );
    return list(
      rows.map((r) => ({
        slaveDevEUI: r.slaveDevEui,
        slaveDevAddr: r.slaveDevAddr,
        devName: names.get(r.slaveDevEui) ?? null,
        status: r.status,
        receive: r.receive,
        lastRelayed: r.lastRelayed,
        updatetime: r.updatedAt,
      })),
      amount,
    );
  });

  route(app, relayDeviceApi.bind, async (req, reply) => {
    const relay = await relayDevice(s.db, req.body.devEUI, req.user, 'relay');
    return answer(req, reply, await bindSlaves(dp, relay.devEui, req.user, req.body.slaveDevEUIs));
  });

  route(app, relayDeviceApi.unbind, async (req, reply) => {
    const relay = await relayDevice(s.db, req.body.devEUI, req.user, 'relay');
    return answer(req, reply, await unbindSlaves(dp, relay.devEui, req.body.slaveDevEUIs));
  });

  route(app, relayDeviceApi.rejoinList, async (req) => {
    const relay = await relayDevice(s.db, req.query.devEUI, req.user, 'relay');
    const rows = await s.db
      .select()
      .from(relayRejoins)
      .where(and(eq(relayRejoins.relayEui, relay.devEui)))
      .orderBy(desc(relayRejoins.updatedAt), asc(relayRejoins.slaveDevEui));
    return list(
      rows.map((r) => ({ slaveDevEUI: r.slaveDevEui, slaveDevAddr: r.slaveDevAddr, updatetime: r.updatedAt })),
      rows.length,
    );
  });
};
