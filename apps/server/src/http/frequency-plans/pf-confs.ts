import { pfConfApi as api } from '@lns/contract/api/frequency-plans';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { DomainError } from '../../errors';
import { validConfigSignature } from '../../frequency-plans/config-url';
import { gatewayByGwId } from '../../gateways/repository';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Each gateway's effective packet-forwarder configuration, its signed download and its push to the agent. */
export const pfConfRoutes: RouteModule = (app, s) => {
  const plans = s.frequencyPlans;

  route(app, api.list, async (req) => {
    const { rows, amount } = await plans.list({ ...pageWindow(req.query), state: req.query.state });
    return list(rows, amount);
  });

  route(app, api.sign, async (req) => ok(await plans.signed(req.query.gwID)));

  route(app, api.create, async (req) => ok(await plans.push(req.body.gwID, req.body.force, req.user.name)));

  route(app, api.enabled, async () =>
    ok({ enabled: s.mqtt.available, reason: s.mqtt.available ? null : ('mqttUnavailable' as const) }),
  );

  route(app, api.download, async (req, reply) => {
    const { gw, exp, sig } = req.query;
    const digest = req.params.digest;
    const gateway = await gatewayByGwId(s.db, gw);
    if (!gateway || !validConfigSignature(gateway.mqttPassword, digest, gw, exp, sig))
      throw new DomainError(C.TOKEN_INVALID, 'the address is not signed for this gateway, or has expired', 'sig');
    const { content, sha256 } = await plans.effectiveOf(gw);
    if (sha256 !== digest)
      throw new DomainError(C.PKTFWD_MISSING, 'the configuration changed since the address was signed', 'digest');
    return reply
      .header('content-type', 'application/json')
      .header('content-disposition', 'attachment; filename="global_conf.json"')
      .header('content-length', content.length)
      .send(content);
  });
};
