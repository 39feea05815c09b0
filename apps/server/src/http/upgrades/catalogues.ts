import { gwSdkApi, picoFirmwareApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { pageWindow } from '@lns/contract/paging';
import { count, desc, eq } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors';
import { gatewayTypes } from '../../db/schema/gateways';
import { gatewaySdks, picoFirmware } from '../../db/schema/upgrades';
import { DomainError } from '../../errors';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import { storedFileOf } from './versions';

const exists = (what: string, field: string) => (err: unknown) => {
  if (uniqueViolation(err)) throw new DomainError(C.BRIDGE_EXISTS, `${what} exists`, field);
  throw err;
};

/**
 * SDK versions and pico firmware (admins): catalogues of files for pico gateways, which do not run
 * the agent; what delivers them to a pico gateway is its own protocol (docs/product/gateway-upgrades.md).
 */
export const upgradeCatalogueRoutes: RouteModule = (app, s) => {
  route(app, gwSdkApi.list, async (req) => {
    const { limit = req.query.pageSize, offset } = pageWindow(req.query);
    const [rows, [total]] = await Promise.all([
      s.db.select().from(gatewaySdks).orderBy(desc(gatewaySdks.id)).limit(limit).offset(offset),
      s.db.select({ n: count() }).from(gatewaySdks),
    ]);
    const data = rows.map((r) => ({
      sdkID: r.id,
      version: r.version,
      filestore: fileUrlOf(r.digest),
      fileName: r.fileName,
      controlType: r.controlType,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, gwSdkApi.create, async (req) => {
    const file = await storedFileOf(s.files, req.body.filestore, 'filestore');
    const now = Date.now();
    const [row] = await s.db
      .insert(gatewaySdks)
      .values({
        version: req.body.version,
        controlType: req.body.controlType,
        digest: file.digest,
        fileName: file.fileName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: gatewaySdks.id })
      .catch(exists(req.body.version, 'version'));
    return ok({ sdkID: row!.id });
  });

  route(app, gwSdkApi.update, async (req) => {
    const file = await storedFileOf(s.files, req.body.filestore, 'filestore');
    const [row] = await s.db
      .update(gatewaySdks)
      .set({
        version: req.body.version,
        controlType: req.body.controlType,
        digest: file.digest,
        fileName: file.fileName,
        updatedAt: Date.now(),
      })
      .where(eq(gatewaySdks.id, req.body.sdkID))
      .returning({ id: gatewaySdks.id })
      .catch(exists(req.body.version, 'version'));
    if (!row) throw new DomainError(C.BRIDGE_MISSING, undefined, 'sdkID');
    return ok();
  });

  route(app, gwSdkApi.delete, async (req) => {
    const [row] = await s.db
      .delete(gatewaySdks)
      .where(eq(gatewaySdks.id, req.body.sdkID))
      .returning({ id: gatewaySdks.id });
    if (!row) throw new DomainError(C.BRIDGE_MISSING, undefined, 'sdkID');
    return ok();
  });

  route(app, picoFirmwareApi.list, async (req) => {
    const { limit = req.query.pageSize, offset } = pageWindow(req.query);
    const [rows, [total]] = await Promise.all([
      s.db.select().from(picoFirmware).orderBy(desc(picoFirmware.id)).limit(limit).offset(offset),
      s.db.select({ n: count() }).from(picoFirmware),
    ]);
    const data = rows.map((r) => ({
      id: r.id,
      gwType: r.gwType,
      version: r.version,
      fileUrl: fileUrlOf(r.digest),
      fileName: r.fileName,
      createdAt: r.createdAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, picoFirmwareApi.create, async (req) => {
    const gwType = req.body.gwType.toLowerCase();
    const [type] = await s.db.select({ id: gatewayTypes.id }).from(gatewayTypes).where(eq(gatewayTypes.name, gwType));
    if (!type) throw new DomainError(C.GWTYPE_MISSING, undefined, 'gwType');
    const file = await storedFileOf(s.files, req.body.fileUrl, 'fileUrl');
    const [row] = await s.db
      .insert(picoFirmware)
      .values({
        gwType,
        version: req.body.version,
        digest: file.digest,
        fileName: file.fileName,
        createdAt: Date.now(),
      })
      .returning({ id: picoFirmware.id })
      .catch(exists(req.body.version, 'version'));
    return ok({ id: row!.id });
  });

  route(app, picoFirmwareApi.delete, async (req) => {
    const [row] = await s.db
      .delete(picoFirmware)
      .where(eq(picoFirmware.id, req.body.id))
      .returning({ id: picoFirmware.id });
    if (!row) throw new DomainError(C.BRIDGE_MISSING, undefined, 'id');
    return ok();
  });
};
