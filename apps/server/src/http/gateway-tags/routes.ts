import { C } from '@lns/contract/codes';
import { envelopeOf } from '@lns/contract/envelope';
import { gatewayTagCreateBody, gatewayTagDeleteBody, gatewayTagList } from '@lns/contract/gateway-tags';
import { z } from 'zod';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { GatewayTagRepository } from '../../gateways/tags-repository';
import { ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['gateway tags'];

export const gatewayTagRoutes: RouteModule = (app, s) => {
  const repo = new GatewayTagRepository(s.db);

  app.get(
    '/api/gateway/tags/list',
    {
      schema: {
        tags,
        summary: "Your gateway tags (admins: everyone's, with the owner)",
        response: { 200: envelopeOf(gatewayTagList) },
      },
    },
    async (req) => ok({ tags: await repo.list(req.user) }),
  );

  app.post(
    '/api/gateway/tags/create',
    {
      schema: {
        tags,
        summary: 'Add tags to a group; a name already in the group is refused',
        body: gatewayTagCreateBody,
        response: { 200: envelopeOf(z.object({ tagsId: z.array(z.number()) })) },
      },
    },
    async (req) => {
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
    },
  );

  app.post(
    '/api/gateway/tags/delete',
    {
      schema: {
        tags,
        summary: 'Delete tags (they leave every gateway); all or none',
        body: gatewayTagDeleteBody,
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.tagsId)];
      const found = await repo.visible(ids, req.user);
      if (found.length !== ids.length) {
        const have = new Set(found.map((t) => t.id));
        throw new DomainError(C.PARAM_FORMAT, `unknown tag ${ids.find((id) => !have.has(id))}`, 'tagsId');
      }
      await repo.delete(ids);
      return ok();
    },
  );
};
