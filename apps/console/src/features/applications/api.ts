import type { AppCreateBody, AppDetail, AppRow, AppUpdateBody } from '@lns/contract/applications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const appKeys = {
  all: ['applications'] as const,
  list: (q: object) => ['applications', 'list', q] as const,
  info: (id: number) => ['applications', 'info', id] as const,
};

export function useAppList(q: { pageNo: number; pageSize: number; orderBy?: string; orderType: 'asc' | 'desc' }) {
  return useQuery({
    queryKey: appKeys.list(q),
    queryFn: () => http.list<AppRow>('/api/application/list', q),
    placeholderData: keepPreviousData,
  });
}

export function useAppInfo(appID: number) {
  return useQuery({
    queryKey: appKeys.info(appID),
    queryFn: () => http.get<AppDetail>('/api/application/info', { appID }),
    enabled: appID > 0,
  });
}

export function useSaveApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppCreateBody | AppUpdateBody) =>
      'appID' in body
        ? http.post('/api/application/update', body, { silent: true })
        : http.post<{ appID: number }>('/api/application/create', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.all }),
  });
}

/** All or nothing: a refusal (3003) lists each refused id in `data.failed`. */
export const deleteApps = (appIDs: number[]) => http.post('/api/application/delete', { appIDs }, { silent: true });
