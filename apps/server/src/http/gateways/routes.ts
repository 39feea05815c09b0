import { gatewayApi as api } from '@lns/contract/api/gateways';
import { C } from '@lns/contract/codes';
import { GW_ARCHS } from '@lns/contract/gateway-types';
import { gatewayReport, gatewaySearchRow } from '@lns/contract/gateways';
import { IMPORT_EXTENSIONS } from '@lns/contract/imports';
import { pageWindow } from '@lns/contract/paging';
import { IMPORT_LIMITS } from '@lns/contract/request-limits';
import type { FastifyRequest } from 'fastify';
import { noteAudit } from '../../audit/hook';
import { localTopics } from '../../bus/bus';
import { DomainError } from '../../errors';
import { gatewayTemplate, readGatewaySheet } from '../../gateways/excel';
import { ImportRefused, importGatewaySheet } from '../../gateways/import';
import { gatewayByGwId, updateGateway } from '../../gateways/repository';
import { GatewayService } from '../../gateways/service';
import { limitText } from '../../spreadsheets/limits';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { pushUrlGuard } from '../push-urls';
import { route } from '../route';
import type { RouteModule } from '../types';
import { withRows } from './row-errors';

export const gatewayRoutes: RouteModule = (app, s) => {
  const svc = new GatewayService(s.db, s.license);
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

  route(app, api.list, async (req) => {
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
  });

  route(app, api.create, async (req) => {
    refusePrivate(req.body.pushUrls);
    await svc.create(req.body, req.user.id);
    return ok();
  });

  route(app, api.update, async (req) => {
    refusePrivate(req.body.pushUrls);
    noteAudit(req, await svc.update(req.body, req.user));
    // A gateway on the MQTT link gets its new settings at once (stat interval, keep-alive, log).
    void s.dataPlane.mqttLink.pushConfig(req.body.gwID).catch(() => {});
    return ok();
  });

  route(app, api.delete, (req, reply) =>
    withRows(req, reply, async () => {
      await svc.delete(req.body.gwIDs, req.user);
      s.local.publish(localTopics.entityDeleted, { gateways: req.body.gwIDs });
      return ok();
    }),
  );

  route(app, api.batchUpdate, (req, reply) =>
    withRows(req, reply, async () => ok({ count: await svc.batchUpdate(req.body, req.user) })),
  );

  /** The uploaded sheet's rows; every refusal of the file itself names the field `file`. */
  const sheetOf = async (req: FastifyRequest) => {
    if (!req.isMultipart()) throw new DomainError(C.PARAM_EMPTY, 'send the file as multipart/form-data', 'file');
    const part = await req.file({ limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1 } }).catch((err) => {
      // The parser's own refusals (limits) carry a 4xx; anything else is a body it cannot read.
      if (err?.statusCode >= 400 && err.statusCode < 500) throw err;
      throw new DomainError(C.PARAM_FORMAT, 'not a readable multipart/form-data body', 'file');
    });
    if (!part) throw new DomainError(C.PARAM_EMPTY, 'select a file first', 'file');
    const name = part.filename.toLowerCase();
    if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) {
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
    return readGatewaySheet(s.spreadsheets, buf);
  };

  route(app, api.importCheck, async (req) => ok(await importGatewaySheet(svc, await sheetOf(req), req.user.id, true)));

  route(app, api.import, async (req, reply) => {
    try {
      return ok(await importGatewaySheet(svc, await sheetOf(req), req.user.id, false));
    } catch (err) {
      if (!(err instanceof ImportRefused)) throw err;
      const failing = err.report.rows.filter((r) => r.errors.length > 0).length;
      return refuseBatch(req, reply, err.code as never, err.report, `${failing} rows refused`, 'file');
    }
  });

  route(app, api.template, async (req, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="gateway-template.xlsx"')
      .send(await gatewayTemplate(req.locale === 'zh-CN' ? 'zh-CN' : 'en-US')),
  );

  route(app, api.archList, async () => {
    const all = await svc.types.all();
    return ok({
      listArch: GW_ARCHS.map((arch) => ({ arch, gwTypes: all.filter((t) => t.arch === arch).map((t) => t.name) })),
    });
  });

  route(app, api.statusInfo, async (req) => {
    const row = await svc.repo.visibleRow(req.query.gwID, req.user, req.user.admin);
    if (!row) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    const g = await gatewayByGwId(s.db, row.gwID);
    const report = gatewayReport.safeParse(g?.status ?? {});
    return ok({ ...row, report: report.success ? report.data : {} });
  });

  route(app, api.updateMqtt, async (req) => {
    const [g] = await svc.repo.visible([req.body.gwID], req.user);
    if (!g) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    await updateGateway(s.db, g.gwId, { mqttKeepAlive: req.body.mqttKeepAlive });
    void s.dataPlane.mqttLink.pushConfig(g.gwId).catch(() => {});
    return ok();
  });
};
