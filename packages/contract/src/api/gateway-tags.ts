import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf } from '../envelope';
import { gatewayTagCreateBody, gatewayTagDeleteBody, gatewayTagList } from '../gateway-tags';

const tags = ['gateway tags'] as const;

export const gatewayTagApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/gateway/tags/list',
    access: 'user',
    tags,
    summary: "Your gateway tags (admins: everyone's, with the owner)",
    response: envelopeOf(gatewayTagList),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gateway/tags/create',
    access: 'user',
    tags,
    summary: 'Add tags to a group; a name already in the group is refused',
    body: gatewayTagCreateBody,
    response: envelopeOf(z.object({ tagsId: z.array(z.number()) })),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/gateway/tags/delete',
    access: 'user',
    tags,
    summary: 'Delete tags (they leave every gateway); all or none',
    body: gatewayTagDeleteBody,
    response: okEnvelope,
  }),
};
