import { auditApi as api } from '@lns/contract/api/audit';
import { pageWindow } from '@lns/contract/paging';
import { AuditRepository } from '../../audit/repository';
import { list } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** The audit log, for admins. */
export const auditRoutes: RouteModule = (app, s) => {
  const repo = new AuditRepository(s.db);

  route(app, api.list, async (req) => {
    // This instance's queued entries first, so a change just made is listed.
    await s.audit.flush();
    const { pageNo, pageSize, orderBy: _orderBy, orderType, ...filter } = req.query;
    const { rows, amount } = await repo.list(filter, { ...pageWindow({ pageNo, pageSize }), orderType });
    return list(rows, amount);
  });
};
