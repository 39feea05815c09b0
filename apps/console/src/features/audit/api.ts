import { AUDIT_LIST_PATH, type AuditOutcome, type AuditRow } from '@lns/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Filters of the audit page; empty strings mean "any". */
export interface AuditFilters {
  userName: string;
  action: string;
  entityType: string;
  entityID: string;
  outcome: '' | AuditOutcome;
  startTime: number;
  endTime: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: object) => ['audit', 'list', q] as const,
};

export function useAuditList(
  f: AuditFilters,
  paging: { pageNo: number; pageSize: number; orderBy?: string; orderType: 'asc' | 'desc' },
) {
  const query = { ...f, ...paging };
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => http.list<AuditRow>(AUDIT_LIST_PATH, query),
    placeholderData: keepPreviousData,
  });
}
