import { auditApi } from '@lns/contract/api/audit';
import type { AuditOrderField, AuditOutcome } from '@lns/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api';
import type { Paging } from '../../lib/paging';

type AuditQuery = InputOf<typeof auditApi.list>;

/** Filters of the audit page; empty strings mean "any". */
export type AuditFilters = Required<
  Pick<AuditQuery, 'userName' | 'action' | 'entityType' | 'entityID' | 'startTime' | 'endTime'>
> & { outcome: '' | AuditOutcome };

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: object) => ['audit', 'list', q] as const,
};

export function useAuditList(f: AuditFilters, paging: Paging<AuditOrderField>['query']) {
  const query: AuditQuery = { ...f, outcome: f.outcome || undefined, ...paging };
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => api.list(auditApi.list, query),
    placeholderData: keepPreviousData,
  });
}
