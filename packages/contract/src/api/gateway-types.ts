import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { gwTypeCreateBody, gwTypeIdBody, gwTypeListQuery, gwTypeRow, gwTypeUpdateBody } from '../gateway-types';

const tags = ['gateway types'] as const;

/** Gateway types: every user reads them, admins change them. */
export const gatewayTypeApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/gwtype/list',
    access: 'user',
    tags,
    summary: 'Gateway types (pageNo 0, pageSize 0 = all); readable by every user',
    query: gwTypeListQuery,
    response: listEnvelopeOf(gwTypeRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gwtype/create',
    access: 'admin',
    tags,
    summary: 'Add a gateway type (name stored lowercase)',
    body: gwTypeCreateBody,
    response: envelopeOf(z.object({ gwTypeID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/gwtype/update',
    access: 'admin',
    tags,
    summary: 'Change a gateway type',
    body: gwTypeUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/gwtype/delete',
    access: 'admin',
    tags,
    summary: 'Delete a gateway type no gateway or configuration uses (7004 otherwise)',
    body: gwTypeIdBody,
    response: okEnvelope,
  }),
};
