import { mcDeviceApi, mcGatewayApi } from '@lns/contract/api/multicast';
import { C, type Code } from '@lns/contract/codes';
import { MC_DEVICES_MAX, type McSyncError, type McSyncState } from '@lns/contract/multicast';
import { pageWindow } from '@lns/contract/paging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/guard';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { GroupRepository } from '../../multicast/groups';
import { bindFailures, type Failure, MemberRepository } from '../../multicast/members';
import { routeChart } from '../../multicast/route-chart';
import { forgetGroup, setUpMembers, startSetup } from '../../ns/multicast/setup';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const page = (q: { pageNo: number; pageSize: number; orderType: 'asc' | 'desc' }) => {
  const w = pageWindow(q);
  return { limit: w.limit ?? q.pageSize, offset: w.offset, orderType: q.orderType };
};

/** Member devices and gateways: lists, what could join, bind and unbind (all or nothing), the route chart. */
export const mcMemberRoutes: RouteModule = (app, s) => {
  const groups = new GroupRepository(s.db);
  const members = new MemberRepository(s.db);

  const visibleGroup = async (mcEUI: string, user: AuthUser) => {
    const g = await groups.visible(mcEUI, user);
    if (!g) throw new DomainError(C.MC_MISSING, undefined, 'mcEUI');
    return g;
  };
  const refuse = (req: FastifyRequest, reply: FastifyReply, code: Code, failed: Failure[], field: string) =>
    refuseBatch(req, reply, code, { done: [], failed }, undefined, field);

  // Two requests that both passed the checks: the primary key lets one of them bind each member.
  const boundOnce = async <T>(code: Code, field: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err)) throw new DomainError(code, 'bound by another request meanwhile', field);
      throw err;
    }
  };

  route(app, mcDeviceApi.list, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const { rows, amount } = await members.deviceList(g.mcEui, { ...page(q), orderBy: q.orderBy, joined: q.joined });
    return list(
      rows.map((r) => ({
        devEUI: r.member.devEui,
        devName: r.devName,
        appID: r.appID,
        appName: r.appName,
        region: r.region,
        class: r.class,
        joined: r.member.syncState === 'joined',
        syncState: r.member.syncState as McSyncState,
        syncError: r.member.syncError as McSyncError | null,
        syncFCnt: r.member.syncFCnt,
        lastSeen: r.lastSeen,
        createtime: r.member.createdAt,
        updatetime: r.member.updatedAt,
      })),
      amount,
    );
  });

  route(app, mcDeviceApi.available, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const { rows, amount } = await members.availableDevices(g, { ...page(q), keyword: q.keyword });
    return list(rows, amount);
  });

  route(app, mcDeviceApi.create, async (req, reply) => {
    const b = req.body;
    const g = await visibleGroup(b.mcEUI, req.user);
    const failed = bindFailures('device', g, b.devEUIs, await members.devicesFound(b.devEUIs));
    if (failed.length) return refuse(req, reply, C.MC_BATCH_BIND, failed, 'devEUIs');
    if (!(await boundOnce(C.MC_DEVICE_BOUND_OTHER, 'devEUIs', () => members.bindDevices(g, b.devEUIs, MC_DEVICES_MAX))))
      throw new DomainError(C.MC_DEVICES_OVER_LIMIT, `at most ${MC_DEVICES_MAX} devices per group`, 'devEUIs');
    if (g.enableRemote) await startSetup(s.dataPlane, b.devEUIs);
    return ok({ done: b.devEUIs, failed: [] });
  });

  route(app, mcDeviceApi.delete, async (req, reply) => {
    const b = req.body;
    const g = await visibleGroup(b.mcEUI, req.user);
    const inGroup = await members.membersAmong('device', g.mcEui, b.devEUIs);
    const failed = b.devEUIs
      .filter((id) => !inGroup.has(id))
      .map((id) => ({ id, code: C.MC_DEVICE_MISSING, reason: 'device not in this group' }));
    if (failed.length) return refuse(req, reply, C.MC_BATCH_UNBIND, failed, 'devEUIs');
    const told = await setUpMembers(s.dataPlane, b.devEUIs);
    await members.unbind('device', g.mcEui, b.devEUIs);
    await forgetGroup(s.dataPlane, told);
    return ok({ done: b.devEUIs, failed: [] });
  });

  route(app, mcGatewayApi.list, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const { rows, amount } = await members.gatewayList(g.mcEui, {
      ...page(q),
      orderBy: q.orderBy,
      regions: q.regions,
      gwTypes: q.gwTypes,
      online: q.online,
    });
    return list(rows, amount);
  });

  route(app, mcGatewayApi.available, async (req) => {
    const q = req.query;
    const g = await visibleGroup(q.mcEUI, req.user);
    const { rows, amount } = await members.availableGateways(g, { ...page(q), keyword: q.keyword });
    return list(rows, amount);
  });

  route(app, mcGatewayApi.create, async (req, reply) => {
    const b = req.body;
    const g = await visibleGroup(b.mcEUI, req.user);
    const failed = bindFailures('gateway', g, b.gwIDs, await members.gatewaysFound(b.gwIDs));
    if (failed.length) return refuse(req, reply, C.MC_BATCH_BIND, failed, 'gwIDs');
    await boundOnce(C.MC_GATEWAY_BOUND_OTHER, 'gwIDs', () => members.bindGateways(g, b.gwIDs));
    return ok({ done: b.gwIDs, failed: [] });
  });

  route(app, mcGatewayApi.delete, async (req, reply) => {
    const b = req.body;
    const g = await visibleGroup(b.mcEUI, req.user);
    const inGroup = await members.membersAmong('gateway', g.mcEui, b.gwIDs);
    const failed = b.gwIDs
      .filter((id) => !inGroup.has(id))
      .map((id) => ({ id, code: C.MC_GATEWAY_MISSING, reason: 'gateway not in this group' }));
    if (failed.length) return refuse(req, reply, C.MC_BATCH_UNBIND, failed, 'gwIDs');
    await members.unbind('gateway', g.mcEui, b.gwIDs);
    return ok({ done: b.gwIDs, failed: [] });
  });

  route(app, mcGatewayApi.route, async (req) => {
    const g = await visibleGroup(req.query.mcEUI, req.user);
    return ok(await routeChart(s.db, g.mcEui, Date.now()));
  });
};
