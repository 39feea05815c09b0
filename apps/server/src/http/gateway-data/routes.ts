import { gatewayDataApi as api } from '@lns/contract/api/gateway-data';
import { C } from '@lns/contract/codes';
import { MAX_EXCEL_ROWS } from '@lns/contract/dataplane';
import {
  EXPORT_SHEETS,
  exportWords,
  GW_CONNECTION_HEADERS,
  GW_ONLINE_WORDS,
  GW_STAT_HEADERS,
} from '@lns/contract/export-headers';
import { and, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/guard';
import { gatewayConnections, gatewayFrames, gatewayStats } from '../../db/schema/dataplane';
import { DomainError } from '../../errors';
import { GatewayRepository } from '../../gateways/repository';
import { historyPage, timeRange } from '../../ns/history';
import { gatewayFrameOf } from '../../ns/records';
import { loadXlsx } from '../../spreadsheets/xlsx';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const connectionOf = (r: typeof gatewayConnections.$inferSelect) => ({
  gwID: r.gwId,
  online: r.online,
  mqtt: r.mqtt,
  createtime: r.createdAt,
});
const statOf = (r: typeof gatewayStats.$inferSelect) => ({ gwID: r.gwId, createtime: r.createdAt, stat: r.stat });

/** Stat fields of the Semtech packet forwarder, in export column order. */
const STAT_FIELDS = Object.keys(GW_STAT_HEADERS) as (keyof typeof GW_STAT_HEADERS)[];

/** One sheet named in the request's language; the file name stays `name`. */
async function sendXlsx(
  req: FastifyRequest,
  reply: FastifyReply,
  name: keyof typeof EXPORT_SHEETS,
  sheet: unknown[][],
) {
  const XLSX = await loadXlsx();
  const book = XLSX.utils.book_new();
  const sheetName = exportWords(EXPORT_SHEETS[name], req.locale);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet, { cellDates: true }), sheetName);
  const buf = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
    .send(buf);
}

/** Frames, link history and stats of a gateway (docs/product/live-and-history.md), owner-checked. */
export const gatewayDataRoutes: RouteModule = (app, s) => {
  const gateways = new GatewayRepository(s.db);
  const visible = async (gwID: string, user: AuthUser) => {
    const [g] = await gateways.visible([gwID], user);
    if (!g) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    // gateway_frames has no foreign key: older rows belong to an earlier gateway of that ID.
    return { since: g.createdAt };
  };
  /** The newest MAX_EXCEL_ROWS rows of a range, oldest first. */
  const forExport = async <T extends PgTable & { createdAt: PgColumn; id: PgColumn }>(
    table: T,
    where: SQL | undefined,
  ) =>
    (
      (await s.db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(MAX_EXCEL_ROWS)) as T['$inferSelect'][]
    ).reverse();

  route(app, api.history, async (req) => {
    const q = req.query;
    const gw = await visible(q.gwID, req.user);
    const t = gatewayFrames;
    const where = and(
      eq(t.gwId, q.gwID),
      gte(t.createdAt, gw.since),
      timeRange(t.createdAt, q),
      q.msgTypes?.length ? inArray(t.msgType, q.msgTypes) : undefined,
      q.uplink !== undefined ? eq(t.uplink, q.uplink) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(rows.map(gatewayFrameOf), amount);
  });

  route(app, api.info, async (req) => {
    const q = req.query;
    const gw = await visible(q.gwID, req.user);
    const t = gatewayFrames;
    const [row] = await s.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.gwId, q.gwID),
          gte(t.createdAt, gw.since),
          eq(t.msgId, q.msgID),
          q.createtime !== undefined ? eq(t.createdAt, q.createtime) : undefined,
        ),
      )
      .limit(1);
    if (!row) throw new DomainError(C.PARAM_FORMAT, 'no such message', 'msgID');
    return ok(gatewayFrameOf(row));
  });

  route(app, api.connectionHistory, async (req) => {
    const q = req.query;
    await visible(q.gwID, req.user);
    const t = gatewayConnections;
    const where = and(
      eq(t.gwId, q.gwID),
      timeRange(t.createdAt, q),
      q.online !== undefined ? eq(t.online, q.online) : undefined,
      q.mqtt !== undefined ? eq(t.mqtt, q.mqtt) : undefined,
    );
    const { rows, amount } = await historyPage(s.db, t, where, q);
    return list(rows.map(connectionOf), amount);
  });

  route(app, api.connectionExcel, async (req, reply) => {
    const q = req.query;
    await visible(q.gwID, req.user);
    const t = gatewayConnections;
    const rows = await forExport(t, and(eq(t.gwId, q.gwID), timeRange(t.createdAt, q)));
    const say = (words: { en: string; zh: string }) => exportWords(words, req.locale);
    return sendXlsx(req, reply, 'gwconnection', [
      Object.values(GW_CONNECTION_HEADERS).map(say),
      ...rows.map((r) => [
        r.gwId,
        new Date(r.createdAt),
        say(r.online ? GW_ONLINE_WORDS.online : GW_ONLINE_WORDS.offline),
        r.mqtt ? 'MQTT' : 'PFUDP',
      ]),
    ]);
  });

  route(app, api.statsHistory, async (req) => {
    const q = req.query;
    await visible(q.gwID, req.user);
    const t = gatewayStats;
    const { rows, amount } = await historyPage(s.db, t, and(eq(t.gwId, q.gwID), timeRange(t.createdAt, q)), q);
    return list(rows.map(statOf), amount);
  });

  route(app, api.statsExcel, async (req, reply) => {
    const q = req.query;
    await visible(q.gwID, req.user);
    const t = gatewayStats;
    const rows = await forExport(t, and(eq(t.gwId, q.gwID), timeRange(t.createdAt, q)));
    const say = (words: { en: string; zh: string }) => exportWords(words, req.locale);
    return sendXlsx(req, reply, 'gwstats', [
      [
        say(GW_CONNECTION_HEADERS.gwID),
        say(GW_CONNECTION_HEADERS.time),
        ...STAT_FIELDS.map((f) => say(GW_STAT_HEADERS[f])),
      ],
      ...rows.map((r) => [r.gwId, new Date(r.createdAt), ...STAT_FIELDS.map((f) => (r.stat[f] as never) ?? '')]),
    ]);
  });
};
