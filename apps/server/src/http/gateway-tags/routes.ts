import { gatewayTagApi as api } from '@lns/contract/api/gateway-tags';
import { C } from '@lns/contract/codes';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { GatewayTagRepository } from '../../gateways/tags-repository';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

export const gatewayTagRoutes: RouteModule = (app, s) => {
  const repo = new GatewayTagRepository(s.db);

  route(app, api.list, async (req) => ok({ tags: await repo.list(req.user) }));

  route(app, api.create, async (req) => {
    const { tags: names, groupName } = req.body;
    const dup = await repo.existing(req.user.id, groupName, names);
    if (dup.length > 0) throw new DomainError(C.PARAM_FORMAT, `tag exists: ${dup.join(', ')}`, 'tags');
    try {
      return ok({ tagsId: await repo.create(req.user.id, groupName, names) });
    } catch (err) {
      if (uniqueViolation(err)) {
        throw new DomainError(C.PARAM_FORMAT, 'tag exists', 'tags');
      }
      throw err;
    }
  });

  route(app, api.delete, async (req) => {
    const ids = [...new Set(req.body.tagsId)];
    const found = await repo.visible(ids, req.user);
    if (found.length !== ids.length) {
      const have = new Set(found.map((t) => t.id));
      throw new DomainError(C.PARAM_FORMAT, `unknown tag ${ids.find((id) => !have.has(id))}`, 'tagsId');
    }
    await repo.delete(ids);
    return ok();
  });
};
