import { gatewayTypeApi as api } from '@lns/contract/api/gateway-types';
import { C } from '@lns/contract/codes';
import { PICO } from '@lns/contract/gateways';
import { pageWindow } from '@lns/contract/paging';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { GatewayTypeRepository } from '../../gateways/types-repository';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

export const gatewayTypeRoutes: RouteModule = (app, s) => {
  const types = new GatewayTypeRepository(s.db);

  const taken = async (name: string, exceptId?: number) => {
    const t = await types.byName(name);
    return t !== undefined && t.id !== exceptId;
  };

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await types.list({
      ...pageWindow(q),
      orderBy: q.orderBy,
      orderType: q.orderType,
      viewer: req.user,
    });
    return list(rows, amount);
  });

  route(app, api.create, async (req) => {
    if (await taken(req.body.gwType)) throw new DomainError(C.GWTYPE_EXISTS, undefined, 'gwType');
    try {
      return ok({ gwTypeID: (await types.create(req.body)).id });
    } catch (err) {
      if (uniqueViolation(err)) {
        throw new DomainError(C.GWTYPE_EXISTS, undefined, 'gwType');
      }
      throw err;
    }
  });

  route(app, api.update, async (req) => {
    const { gwTypeID, ...input } = req.body;
    const current = await types.byId(gwTypeID);
    if (!current) throw new DomainError(C.GWTYPE_MISSING, undefined, 'gwTypeID');
    if (await taken(input.gwType, gwTypeID)) throw new DomainError(C.GWTYPE_EXISTS, undefined, 'gwType');
    // Renaming the pico type would silently turn pico gateways into ordinary ones.
    if (current.name === PICO.gwType && input.gwType !== PICO.gwType) {
      throw new DomainError(C.GWTYPE_UNSUPPORTED, `${PICO.gwType} is the pico type and keeps its name`, 'gwType');
    }
    await types.update(gwTypeID, input);
    return ok();
  });

  route(app, api.delete, async (req) => {
    const { gwTypeID } = req.body;
    const current = await types.byId(gwTypeID);
    if (!current) throw new DomainError(C.GWTYPE_MISSING, undefined, 'gwTypeID');
    const n = await types.gatewayCount(gwTypeID);
    if (n > 0) throw new DomainError(C.GWTYPE_LINKED, `${n} gateways use it`, 'gwTypeID');
    try {
      await types.delete(gwTypeID);
    } catch (err) {
      // Other areas' tables (tx lookup tables, global configurations) may refer to the type too.
      if (foreignKeyViolation(err)) throw new DomainError(C.GWTYPE_LINKED, undefined, 'gwTypeID');
      throw err;
    }
    return ok();
  });
};
