import { applicationApi } from '@lns/contract/api/applications';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** One application's detail, cached under the applications' keys: its pages and the device pages share it. */
export const appInfoKey = (appID: number) => ['applications', 'info', appID] as const;

export function useAppInfo(appID: number, enabled = true) {
  return useQuery({
    queryKey: appInfoKey(appID),
    queryFn: () => api.data(applicationApi.info, { appID }),
    enabled: enabled && appID > 0,
  });
}
