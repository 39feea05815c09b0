import { endpoint } from '../endpoint';
import { listEnvelopeOf } from '../envelope';
import { searchQuery, searchRow, searchTypeParams, searchTypeQuery } from '../search';

const tags = ['search'] as const;

export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    access: 'user',
    tags,
    summary: 'Global search by category (application, device, mcgroup, gateway; user for admins)',
    query: searchQuery,
    response: listEnvelopeOf(searchRow),
  }),
  byType: endpoint({
    method: 'GET',
    path: '/api/search/:type',
    access: 'user',
    tags,
    summary: 'Search one type',
    params: searchTypeParams,
    query: searchTypeQuery,
    response: listEnvelopeOf(searchRow),
  }),
};
