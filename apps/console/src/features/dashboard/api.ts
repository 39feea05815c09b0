import { dashboardApi } from '@lns/contract/api/dashboard';
import { regionApi } from '@lns/contract/api/regions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.data(dashboardApi.index, undefined),
    refetchInterval: 60_000,
  });
}

/** Region colours set by administrators (gateways area). */
export function useRegionColors() {
  return useQuery({
    queryKey: ['band', 'color'],
    queryFn: async () => {
      const rows = await api.data(regionApi.colors, undefined, { silent: true });
      return new Map((rows ?? []).map((r) => [r.region, r.color]));
    },
    staleTime: 5 * 60_000,
  });
}
