import { relayDeviceApi } from '@lns/contract/api/relay';
import { C } from '@lns/contract/codes';
import { LADTP_REQUESTS } from '@lns/contract/relay-api';
import { and, eq, inArray } from 'drizzle-orm';
import { relayRequests } from '../../db/schema/relay';
import { DomainError } from '../../errors';
import { relayDevice } from '../../relay/access';
import { postConfig } from '../../relay/config';
import { inRange, pageOf } from '../../relay/lists';
import { PRODUCT } from '../../relay/protocol';
import { createRequest, WAITING } from '../../relay/requests';
import { fieldsOf } from '../../relay/steps';
import { relayStateOf, requestRows, statusInfo } from '../../relay/views';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Status, configuration and the requests of a relay or ladtp (docs/product/relay.md). */
export const relayDeviceRoutes: RouteModule = (app, s) => {
  const dp = s.dataPlane;

  route(app, relayDeviceApi.status, async (req) => {
    const dev = await relayDevice(s.db, req.query.devEUI, req.user, 'both');
    return ok(await statusInfo(s.db, dev));
  });

  route(app, relayDeviceApi.query, async (req) => {
    const b = req.body;
    const dev = await relayDevice(s.db, b.devEUI, req.user, 'both');
    if (dev.productType === PRODUCT.LADTP && !(LADTP_REQUESTS as readonly string[]).includes(b.query))
      throw new DomainError(C.RELAY_WRONG_PRODUCT, `a ladtp has no ${b.query} to ask for`, 'query');
    const body = b.query === 'slaves' || b.query === 'rejoin' ? { start: 0 } : null;
    const r = await createRequest(dp, dev.productType, dev.devEui, b.query, body, fieldsOf(b.query, body));
    return ok((await requestRows(s.db, [r]))[0]!);
  });

  route(app, relayDeviceApi.configGet, async (req) => {
    const dev = await relayDevice(s.db, req.query.devEUI, req.user, 'both');
    const st = await relayStateOf(s.db, dev.devEui);
    const [pending] = await s.db
      .select()
      .from(relayRequests)
      .where(
        and(
          eq(relayRequests.devEui, dev.devEui),
          eq(relayRequests.kind, 'configSet'),
          inArray(relayRequests.state, WAITING),
        ),
      );
    const pendingRow = pending ? (await requestRows(s.db, [pending]))[0]! : null;
    if (dev.productType === PRODUCT.LADTP)
      return ok({ productType: PRODUCT.LADTP, config: (st?.config ?? null) as never, pending: pendingRow });
    const modes =
      st?.workMode === null || st?.workMode === undefined
        ? null
        : { workMode: st.workMode, backwardMode: st.backwardMode ?? 0 };
    return ok({ productType: PRODUCT.RELAY, config: (st?.config ?? null) as never, modes, pending: pendingRow });
  });

  route(app, relayDeviceApi.configSet, async (req) => {
    const dev = await relayDevice(s.db, req.body.devEUI, req.user, 'both');
    const r = await postConfig(dp, dev, req.body);
    return ok((await requestRows(s.db, [r]))[0]!);
  });

  route(app, relayDeviceApi.configInfo, async (req) => {
    const q = req.query;
    const dev = await relayDevice(s.db, q.devEUI, req.user, 'both');
    const { rows, amount } = await pageOf(
      s.db,
      relayRequests,
      [
        eq(relayRequests.devEui, dev.devEui),
        q.kind ? eq(relayRequests.kind, q.kind) : undefined,
        ...inRange(relayRequests.createdAt, q),
      ],
      relayRequests.id,
      q,
    );
    return list(await requestRows(s.db, rows), amount);
  });
};
