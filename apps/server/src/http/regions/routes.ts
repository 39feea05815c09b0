import { regionApi as api } from '@lns/contract/api/regions';
import { C } from '@lns/contract/codes';
import { DomainError } from '../../errors';
import { regionDetail as detailOf, regionById, regionSummaries, setRegionColor } from '../../gateways/regions';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Regions and channel plans from packages/lorawan; colours from the database. */
export const regionRoutes: RouteModule = (app, s) => {
  route(app, api.list, async () => ok(await regionSummaries(s.db)));

  route(app, api.colors, async () => ok((await regionSummaries(s.db)).map(({ region, color }) => ({ region, color }))));

  route(app, api.updateColor, async (req) => {
    if (!regionById(req.body.region)) throw new DomainError(C.PARAM_FORMAT, 'unknown region', 'region');
    await setRegionColor(s.db, req.body.region, req.body.color);
    return ok();
  });

  route(app, api.info, async (req) => {
    const d = await detailOf(s.db, req.query.region);
    if (!d) throw new DomainError(C.PARAM_FORMAT, 'unknown region', 'region');
    return ok(d);
  });

  route(app, api.gatewaySubnets, async () =>
    ok((await regionSummaries(s.db)).map(({ region, subnets }) => ({ region, subnets }))),
  );
};
