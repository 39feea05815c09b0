import { gatewayApi as api } from '@lns/contract/api/gateways';
import { C } from '@lns/contract/codes';
import { reportInfo, reportNetwork, reportSystem } from '@lns/contract/gateway-agent';
import { gatewayLinkName } from '@lns/contract/gateways';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { newSecret } from '../../auth/tokens';
import { rowsOf } from '../../db/rows';
import { gatewayConnections, gatewayStats } from '../../db/schema/dataplane';
import { gateways } from '../../db/schema/gateways';
import { DomainError } from '../../errors';
import { type GatewayRecord, updateGateway } from '../../gateways/repository';
import { GatewayService } from '../../gateways/service';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import { mqttUrlFor } from '../users/routes';

const HOUR = 3_600_000;
type Report = Record<string, unknown>;
const pick = (r: Report, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));
// The stored report is flat: each section's fields are the agent protocol's (one list, in the contract).
const INFO_KEYS = Object.keys(reportInfo.shape);
const NETWORK_KEYS = Object.keys(reportNetwork.shape);
const SYSTEM_KEYS = Object.keys(reportSystem.shape);
const updatedAt = (r: Report) => (typeof r.updatedAt === 'number' ? r.updatedAt : null);

/**
 * The gateway status calls (what the gateway reported, docs/protocols/gateway-agent.md, and what
 * the server knows of its link and frames) and its MQTT credentials for the MQTT gateway link.
 */
export const gatewayStatusRoutes: RouteModule = (app, s) => {
  const svc = new GatewayService(s.db, s.license);
  const visible = async (req: FastifyRequest, gwID: string): Promise<GatewayRecord> => {
    const [g] = await svc.repo.visible([gwID], req.user);
    if (!g) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    return g;
  };
  const reportOf = async (req: FastifyRequest, gwID: string) => (await visible(req, gwID)).status as Report;

  route(app, api.statusNetwork, async (req) => {
    const r = await reportOf(req, req.query.gwID);
    return ok({
      ...pick(r, NETWORK_KEYS),
      updatedAt: updatedAt(r),
    });
  });

  route(app, api.statusSystem, async (req) => {
    const r = await reportOf(req, req.query.gwID);
    return ok({ ...pick(r, SYSTEM_KEYS), updatedAt: updatedAt(r) });
  });

  route(app, api.statusVersions, async (req) => {
    const r = await reportOf(req, req.query.gwID);
    const info = pick(r, INFO_KEYS);
    return ok({ info, versions: Array.isArray(r.versions) ? r.versions : [], updatedAt: updatedAt(r) });
  });

  route(app, api.statusPacketForwarder, async (req) => {
    const g = await visible(req, req.query.gwID);
    const r = g.status as Report;
    const [last] = await s.db
      .select({ stat: gatewayStats.stat })
      .from(gatewayStats)
      .where(sql`${gatewayStats.gwId} = ${g.gwId} AND ${gatewayStats.createdAt} >= ${g.createdAt}`)
      .orderBy(desc(gatewayStats.createdAt))
      .limit(1);
    const pf = (r.packetForwarder ?? {}) as Report;
    return ok({ ...pf, stat: (last?.stat as Report | undefined) ?? null, updatedAt: updatedAt(r) });
  });

  route(app, api.statusOnline, async (req) => {
    const g = await visible(req, req.query.gwID);
    const [last] = await s.db
      .select({ at: gatewayConnections.createdAt })
      .from(gatewayConnections)
      .where(sql`${gatewayConnections.gwId} = ${g.gwId} AND ${gatewayConnections.createdAt} >= ${g.createdAt}`)
      .orderBy(desc(gatewayConnections.createdAt))
      .limit(1);
    const uptime = (g.status as Report).uptime;
    return ok({
      online: g.online,
      link: gatewayLinkName(g.mqtt),
      lastSeen: g.lastSeen,
      since: last?.at ?? null,
      uptime: typeof uptime === 'number' ? uptime : null,
    });
  });

  route(app, api.statusFrame, async (req) => {
    const g = await visible(req, req.query.gwID);
    const from = Math.floor(Date.now() / HOUR) * HOUR - 23 * HOUR;
    const rows = rowsOf(
      await s.db.execute(sql`
        SELECT (created_at / ${HOUR})::bigint * ${HOUR} AS hour, uplink, count(*)::int AS n, max(created_at) AS last
        FROM gateway_frames WHERE gw_id = ${g.gwId} AND created_at >= ${Math.max(from, g.createdAt)}
        GROUP BY 1, 2`),
    );
    const hourly = Array.from({ length: 24 }, (_, i) => ({ hour: from + i * HOUR, up: 0, down: 0 }));
    let lastUplink: number | null = null;
    let lastDownlink: number | null = null;
    for (const r of rows) {
      const slot = hourly[(Number(r.hour) - from) / HOUR];
      if (!slot) continue;
      if (r.uplink) {
        slot.up += Number(r.n);
        lastUplink = Math.max(lastUplink ?? 0, Number(r.last));
      } else {
        slot.down += Number(r.n);
        lastDownlink = Math.max(lastDownlink ?? 0, Number(r.last));
      }
    }
    const sum = (k: 'up' | 'down') => hourly.reduce((n, h) => n + h[k], 0);
    return ok({ uplinks24h: sum('up'), downlinks24h: sum('down'), lastUplink, lastDownlink, hourly });
  });

  const credentials = (req: FastifyRequest, g: GatewayRecord, password: string) => ({
    username: g.gwId,
    password,
    url: mqttUrlFor(s, req),
    topicPrefix: g.region,
  });

  route(app, api.mqttInfo, async (req) => {
    const g = await visible(req, req.query.gwID);
    if (g.mqttPassword) return ok(credentials(req, g, g.mqttPassword));
    // Gateways registered before the MQTT link get their password the first time it is asked for.
    const password = newSecret(18);
    const [row] = await s.db
      .update(gateways)
      .set({
        mqttPassword: sql`CASE WHEN ${gateways.mqttPassword} = '' THEN ${password} ELSE ${gateways.mqttPassword} END`,
      })
      .where(eq(gateways.gwId, g.gwId))
      .returning({ pw: gateways.mqttPassword });
    return ok(credentials(req, g, row?.pw ?? password));
  });

  route(app, api.mqttRegenerate, async (req) => {
    const g = await visible(req, req.body.gwID);
    const password = newSecret(18);
    // The broker re-checks sessions every few seconds: one signed in with the old password is closed.
    await updateGateway(s.db, g.gwId, { mqttPassword: password });
    return ok(credentials(req, g, password));
  });
};
