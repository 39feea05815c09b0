import { applicationApi } from '@lns/contract/api/applications';
import type { AppCreateBody, AppUpdateBody } from '@lns/contract/applications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api';

export const appKeys = {
  all: ['applications'] as const,
  list: (q: object) => ['applications', 'list', q] as const,
};

export function useAppList(q: InputOf<typeof applicationApi.list>) {
  return useQuery({
    queryKey: appKeys.list(q),
    queryFn: () => api.list(applicationApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export function useSaveApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppCreateBody | AppUpdateBody) =>
      'appID' in body
        ? api.data(applicationApi.update, body, { silent: true })
        : api.data(applicationApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.all }),
  });
}

/** All or nothing: a refusal (3003) lists each refused id in `data.failed`. */
export const deleteApps = (appIDs: number[]) => api.data(applicationApi.delete, { appIDs }, { silent: true });
