import { usageApi } from '@lns/contract/api/usage';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useUsageSummary() {
  return useQuery({
    queryKey: ['powermeter', 'summary'],
    queryFn: () => api.data(usageApi.summary, undefined),
    refetchInterval: 60_000,
  });
}

export function useUsageDaily(days: number) {
  return useQuery({
    queryKey: ['powermeter', 'daily', days],
    queryFn: () => api.data(usageApi.daily, { days }),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
}
