import { txLutApi as api } from '@lns/contract/api/frequency-plans';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { pageWindow } from '@lns/contract/paging';
import { count, desc, eq } from 'drizzle-orm';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { txLuts } from '../../db/schema/frequency-plans';
import { gateways, gatewayTypes } from '../../db/schema/gateways';
import { DomainError } from '../../errors';
import { checkTxLut } from '../../frequency-plans/conf-files';
import { regionById } from '../../gateways/regions';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const refused = (err: unknown) => {
  if (uniqueViolation(err))
    throw new DomainError(C.TXLUT_EXISTS, 'the gateway type has one for the region already', 'gwType');
  // The type was deleted between the check and the write.
  if (foreignKeyViolation(err)) throw new DomainError(C.GWTYPE_MISSING, undefined, 'gwType');
  throw err;
};

/** Tx lookup tables (admins): one per gateway type and region, put into its gateways' configurations. */
export const txLutRoutes: RouteModule = (app, s) => {
  /** The type's id (7001 unknown), the region checked (1007 unknown). */
  const keyOf = async (b: { gwType: string; region: string }) => {
    if (!regionById(b.region)) throw new DomainError(C.PARAM_FORMAT, `unknown region '${b.region}'`, 'region');
    const name = b.gwType.toLowerCase();
    const [type] = await s.db.select({ id: gatewayTypes.id }).from(gatewayTypes).where(eq(gatewayTypes.name, name));
    if (!type) throw new DomainError(C.GWTYPE_MISSING, undefined, 'gwType');
    return type.id;
  };

  route(app, api.list, async (req) => {
    const { limit = req.query.pageSize, offset } = pageWindow(req.query);
    const where = req.query.region ? eq(txLuts.region, req.query.region) : undefined;
    const [rows, [total], perType] = await Promise.all([
      s.db
        .select({ lut: txLuts, gwType: gatewayTypes.name })
        .from(txLuts)
        .innerJoin(gatewayTypes, eq(gatewayTypes.id, txLuts.gwTypeId))
        .where(where)
        .orderBy(desc(txLuts.id))
        .limit(limit)
        .offset(offset),
      s.db.select({ n: count() }).from(txLuts).where(where),
      s.db
        .select({ gwTypeId: gateways.gwTypeId, region: gateways.region, n: count() })
        .from(gateways)
        .groupBy(gateways.gwTypeId, gateways.region),
    ]);
    const gatewaysOf = new Map(perType.map((g) => [`${g.gwTypeId}/${g.region}`, g.n]));
    const data = rows.map(({ lut, gwType }) => ({
      txLutID: lut.id,
      gwType,
      region: lut.region,
      filestore: fileUrlOf(lut.digest),
      fileName: lut.fileName,
      entries: lut.entries,
      gateways: gatewaysOf.get(`${lut.gwTypeId}/${lut.region}`) ?? 0,
      createdAt: lut.createdAt,
      updatedAt: lut.updatedAt,
    }));
    return list(data, total?.n ?? 0);
  });

  route(app, api.create, async (req) => {
    const b = req.body;
    const gwTypeId = await keyOf(b);
    const { file, entries } = await checkTxLut(s.files, b.filestore);
    const now = Date.now();
    const [row] = await s.db
      .insert(txLuts)
      .values({
        gwTypeId,
        region: b.region,
        digest: file.digest,
        fileName: file.fileName,
        entries: entries.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: txLuts.id })
      .catch(refused);
    return ok({ txLutID: row!.id });
  });

  route(app, api.update, async (req) => {
    const b = req.body;
    const [current] = await s.db.select({ id: txLuts.id }).from(txLuts).where(eq(txLuts.id, b.txLutID));
    if (!current) throw new DomainError(C.TXLUT_MISSING, undefined, 'txLutID');
    const gwTypeId = await keyOf(b);
    const { file, entries } = await checkTxLut(s.files, b.filestore);
    const [row] = await s.db
      .update(txLuts)
      .set({
        gwTypeId,
        region: b.region,
        digest: file.digest,
        fileName: file.fileName,
        entries: entries.length,
        updatedAt: Date.now(),
      })
      .where(eq(txLuts.id, b.txLutID))
      .returning({ id: txLuts.id })
      .catch(refused);
    if (!row) throw new DomainError(C.TXLUT_MISSING, undefined, 'txLutID');
    return ok();
  });

  route(app, api.delete, async (req) => {
    const [row] = await s.db.delete(txLuts).where(eq(txLuts.id, req.body.txLutID)).returning({ id: txLuts.id });
    if (!row) throw new DomainError(C.TXLUT_MISSING, undefined, 'txLutID');
    return ok();
  });
};
