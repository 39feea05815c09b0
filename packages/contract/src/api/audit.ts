import { auditListQuery, auditRow } from '../audit';
import { endpoint } from '../endpoint';
import { listEnvelopeOf } from '../envelope';

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit/list',
    access: 'admin',
    tags: ['audit'],
    summary: 'Audit log: API changes and sign-ins, newest first, filtered and paged',
    query: auditListQuery,
    response: listEnvelopeOf(auditRow),
  }),
};
