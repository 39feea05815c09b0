import { AUDIT_LIST_PATH, auditListQuery, auditRow } from '@lns/contract/audit';
import { listEnvelopeOf } from '@lns/contract/envelope';
import { pageWindow } from '@lns/contract/paging';
import { AuditRepository } from '../../audit/repository';
import { list } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['audit'];

/** The audit log, for admins. */
export const auditRoutes: RouteModule = (app, s) => {
  const repo = new AuditRepository(s.db);

  app.get(
    AUDIT_LIST_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Audit log: API changes and sign-ins, newest first, filtered and paged',
        querystring: auditListQuery,
        response: { 200: listEnvelopeOf(auditRow) },
      },
    },
    async (req) => {
      // This instance's queued entries first, so a change just made is listed.
      await s.audit.flush();
      const { pageNo, pageSize, orderBy: _orderBy, orderType, ...filter } = req.query;
      const { rows, amount } = await repo.list(filter, { ...pageWindow({ pageNo, pageSize }), orderType });
      return list(rows, amount);
    },
  );
};
