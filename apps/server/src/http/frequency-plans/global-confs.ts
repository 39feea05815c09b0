import { globalConfApi as api } from '@lns/contract/api/frequency-plans';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { pageWindow } from '@lns/contract/paging';
import { and, count, desc, eq } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors';
import { globalConfs } from '../../db/schema/frequency-plans';
import { gateways } from '../../db/schema/gateways';
import { DomainError } from '../../errors';
import { checkGlobalConf } from '../../frequency-plans/conf-files';
import { checkRegionSubnet } from '../../gateways/regions';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const taken = (err: unknown) => {
  if (uniqueViolation(err)) throw new DomainError(C.GLOBALCONF_EXISTS, 'the region/subnet has one already', 'subnet');
  throw err;
};

/**
 * Global configurations (admins): one packet-forwarder global_conf.json per region/subnet. A
 * change reaches gateways as "out of date" in the pfconf list: the push is an admin's step.
 */
export const globalConfRoutes: RouteModule = (app, s) => {
  route(app, api.list, async (req) => {
    const { limit = req.query.pageSize, offset } = pageWindow(req.query);
    const where = req.query.region ? eq(globalConfs.region, req.query.region) : undefined;
    const [rows, [total], perSubnet] = await Promise.all([
      s.db.select().from(globalConfs).where(where).orderBy(desc(globalConfs.id)).limit(limit).offset(offset),
      s.db.select({ n: count() }).from(globalConfs).where(where),
      s.db
        .select({ region: gateways.region, subnet: gateways.subnet, n: count() })
        .from(gateways)
        .groupBy(gateways.region, gateways.subnet),
    ]);
    const gatewaysOf = new Map(perSubnet.map((g) => [`${g.region}/${g.subnet}`, g.n]));
    const data = rows.map((r) => ({
      globalConfID: r.id,
      region: r.region,
      subnet: r.subnet,
      filestore: fileUrlOf(r.digest),
      fileName: r.fileName,
      chip: r.chip,
      gateways: gatewaysOf.get(`${r.region}/${r.subnet}`) ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, api.create, async (req) => {
    const b = req.body;
    checkRegionSubnet(b.region, b.subnet);
    const { file, chip } = await checkGlobalConf(s.files, b.filestore);
    const [dup] = await s.db
      .select({ id: globalConfs.id })
      .from(globalConfs)
      .where(and(eq(globalConfs.region, b.region), eq(globalConfs.subnet, b.subnet)));
    if (dup) throw new DomainError(C.GLOBALCONF_EXISTS, 'the region/subnet has one already', 'subnet');
    const now = Date.now();
    const [row] = await s.db
      .insert(globalConfs)
      .values({ ...b, digest: file.digest, fileName: file.fileName, chip, createdAt: now, updatedAt: now })
      .returning({ id: globalConfs.id })
      .catch(taken);
    return ok({ globalConfID: row!.id });
  });

  route(app, api.update, async (req) => {
    const { globalConfID, ...b } = req.body;
    const [current] = await s.db
      .select({ id: globalConfs.id })
      .from(globalConfs)
      .where(eq(globalConfs.id, globalConfID));
    if (!current) throw new DomainError(C.GLOBALCONF_MISSING, undefined, 'globalConfID');
    checkRegionSubnet(b.region, b.subnet);
    const { file, chip } = await checkGlobalConf(s.files, b.filestore);
    const [row] = await s.db
      .update(globalConfs)
      .set({ ...b, digest: file.digest, fileName: file.fileName, chip, updatedAt: Date.now() })
      .where(eq(globalConfs.id, globalConfID))
      .returning({ id: globalConfs.id })
      .catch(taken);
    if (!row) throw new DomainError(C.GLOBALCONF_MISSING, undefined, 'globalConfID');
    return ok();
  });

  route(app, api.delete, async (req) => {
    const [row] = await s.db
      .delete(globalConfs)
      .where(eq(globalConfs.id, req.body.globalConfID))
      .returning({ id: globalConfs.id });
    if (!row) throw new DomainError(C.GLOBALCONF_MISSING, undefined, 'globalConfID');
    return ok();
  });
};
