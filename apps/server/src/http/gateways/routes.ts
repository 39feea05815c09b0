import { C } from '@lns/contract/codes';
import { envelopeOf, listEnvelopeOf } from '@lns/contract/envelope';
import { GW_ARCHS } from '@lns/contract/gateway-types';
import {
  GATEWAY_IMPORT_EXTENSIONS,
  GATEWAY_IMPORT_MAX_ROWS,
  gatewayBatchUpdateBody,
  gatewayCreateBody,
  gatewayListQuery,
  gatewayMqttBody,
  gatewayReport,
  gatewayRow,
  gatewaySearchRow,
  gatewayStatusInfo,
  gatewayUpdateBody,
  gwIDQuery,
  gwIDsBody,
} from '@lns/contract/gateways';
import { pageWindow } from '@lns/contract/paging';
import { BODY_LIMITS, IMPORT_LIMITS } from '@lns/contract/request-limits';
import { z } from 'zod';
import { noteAudit } from '../../audit/hook';
import { localTopics } from '../../bus/bus';
import { DomainError } from '../../errors';
import { gatewayTemplate, readGatewaySheet } from '../../gateways/excel';
import { gatewayByGwId, updateGateway } from '../../gateways/repository';
import { GatewayService } from '../../gateways/service';
import { limitText } from '../../spreadsheets/limits';
import { list, ok } from '../envelope';
import { pushUrlGuard } from '../push-urls';
import type { RouteModule } from '../types';
import { withRows } from './row-errors';

const tags = ['gateways'];

export const gatewayRoutes: RouteModule = (app, s) => {
  const svc = new GatewayService(s.db);
  const refusePrivate = pushUrlGuard(s.config);

  s.search.register('gateway', async ({ keyword, user, limit, offset }) => {
    const { rows, amount } = await svc.repo.search(keyword, user, limit, offset);
    return {
      amount,
      rows: rows.map(({ g, t, owner }) =>
        gatewaySearchRow.parse({
          gwID: g.gwId,
          gwName: g.name,
          region: g.region,
          subnet: g.subnet,
          gwType: t.name,
          online: g.online,
          ...(user.admin ? { owner } : {}),
        }),
      ),
    };
  });

  app.get(
    '/api/gateway/list',
    {
      schema: {
        tags,
        summary: 'Gateways, paged and filtered by regions, types, online state and tags (any of them)',
        querystring: gatewayListQuery,
        response: { 200: listEnvelopeOf(gatewayRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, amount } = await svc.repo.list(
        {
          ...pageWindow(q),
          orderBy: q.orderBy,
          orderType: q.orderType,
          viewer: req.user,
          regions: q.regions,
          gwTypes: q.gwTypes,
          online: q.online,
          tagsId: q.tagsId,
          keyword: q.keyword,
        },
        req.user.admin,
      );
      return list(rows, amount);
    },
  );

  app.post(
    '/api/gateway/create',
    {
      schema: {
        tags,
        summary: 'Add a gateway (pico when region cn470alid, subnet pico-net, type rhf2sp01)',
        body: gatewayCreateBody,
      },
    },
    async (req) => {
      refusePrivate(req.body.pushUrls);
      await svc.create(req.body, req.user.id);
      return ok();
    },
  );

  app.post(
    '/api/gateway/update',
    {
      schema: {
        tags,
        summary: 'Update a gateway; a pico gateway keeps its region and subnet',
        body: gatewayUpdateBody,
      },
    },
    async (req) => {
      refusePrivate(req.body.pushUrls);
      noteAudit(req, await svc.update(req.body, req.user));
      return ok();
    },
  );

  app.post(
    '/api/gateway/delete',
    {
      schema: {
        tags,
        summary: 'Delete gateways: all or none (5006 with data.errors naming the gateways refused)',
        body: gwIDsBody,
      },
    },
    (req, reply) =>
      withRows(req, reply, async () => {
        await svc.delete(req.body.gwIDs, req.user);
        s.local.publish(localTopics.entityDeleted, { gateways: req.body.gwIDs });
        return ok();
      }),
  );

  app.post(
    '/api/gateway/batchUpdate',
    {
      schema: {
        tags,
        summary: 'Change the fields sent on several gateways at once: all or none, per-gateway errors in data.errors',
        body: gatewayBatchUpdateBody,
      },
    },
    (req, reply) => withRows(req, reply, async () => ok({ count: await svc.batchUpdate(req.body, req.user) })),
  );

  app.post(
    '/api/gateway/excel',
    {
      bodyLimit: BODY_LIMITS.upload,
      schema: {
        tags,
        summary: `Import gateways from an Excel file (multipart field "file", .xlsx or .xls, ≤ ${IMPORT_LIMITS.fileBytes / 1048576} MB, ≤ ${GATEWAY_IMPORT_MAX_ROWS} rows): all rows or none, per-row errors in data.errors; 6102/6103 when the file is over a limit`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ count: z.number() })) },
      },
    },
    (req, reply) =>
      withRows(req, reply, async () => {
        if (!req.isMultipart()) throw new DomainError(C.PARAM_EMPTY, 'send the file as multipart/form-data', 'file');
        const part = await req.file({ limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1 } }).catch((err) => {
          // The parser's own refusals (limits) carry a 4xx; anything else is a body it cannot read.
          if (err?.statusCode >= 400 && err.statusCode < 500) throw err;
          throw new DomainError(C.PARAM_FORMAT, 'not a readable multipart/form-data body', 'file');
        });
        if (!part) throw new DomainError(C.PARAM_EMPTY, 'select a file first', 'file');
        const name = part.filename.toLowerCase();
        if (!GATEWAY_IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) {
          part.file.resume();
          throw new DomainError(C.PARAM_FORMAT, 'Excel only (.xlsx, .xls)', 'file');
        }
        let buf: Buffer;
        try {
          buf = await part.toBuffer();
        } catch {
          // Busboy stopped at the file limit: nothing beyond it was buffered.
          throw new DomainError(C.SPREADSHEET_TOO_LARGE, limitText('fileBytes', IMPORT_LIMITS.fileBytes), 'file');
        }
        return ok({ count: await svc.importRows(await readGatewaySheet(s.spreadsheets, buf), req.user.id) });
      }),
  );

  app.get(
    '/api/gateway/excel/template',
    { schema: { tags, summary: 'The import template (.xlsx)' } },
    async (_req, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="gateway-template.xlsx"')
        .send(gatewayTemplate()),
  );

  app.get(
    '/api/gateway/listGatewayArch',
    {
      schema: {
        tags,
        summary: 'Architectures with the gateway types of each',
        response: {
          200: envelopeOf(
            z.object({ listArch: z.array(z.object({ arch: z.string(), gwTypes: z.array(z.string()) })) }),
          ),
        },
      },
    },
    async () => {
      const all = await svc.types.all();
      return ok({
        listArch: GW_ARCHS.map((arch) => ({ arch, gwTypes: all.filter((t) => t.arch === arch).map((t) => t.name) })),
      });
    },
  );

  app.get(
    '/api/gateway/status/info',
    {
      schema: {
        tags,
        summary: 'One gateway: settings, type, tags, online state and its last reported status',
        querystring: gwIDQuery,
        response: { 200: envelopeOf(gatewayStatusInfo) },
      },
    },
    async (req) => {
      const row = await svc.repo.visibleRow(req.query.gwID, req.user, req.user.admin);
      if (!row) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
      const g = await gatewayByGwId(s.db, row.gwID);
      const report = gatewayReport.safeParse(g?.status ?? {});
      return ok({ ...row, report: report.success ? report.data : {} });
    },
  );

  app.post(
    '/api/gateway/updatemqtt',
    { schema: { tags, summary: "Change a gateway's MQTT keep-alive (5–60 s)", body: gatewayMqttBody } },
    async (req) => {
      const [g] = await svc.repo.visible([req.body.gwID], req.user);
      if (!g) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
      await updateGateway(s.db, g.gwId, { mqttKeepAlive: req.body.mqttKeepAlive });
      return ok();
    },
  );
};
