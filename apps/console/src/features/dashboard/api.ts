import type { Dashboard } from '@lns/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => http.get<Dashboard>('/api/index'),
    refetchInterval: 60_000,
  });
}

/** Region colours set by administrators (gateways area). */
export function useRegionColors() {
  return useQuery({
    queryKey: ['band', 'color'],
    queryFn: async () => {
      const rows = await http.get<{ region: string; color: string }[]>('/api/band/color', undefined, { silent: true });
      return new Map((rows ?? []).map((r) => [r.region, r.color]));
    },
    staleTime: 5 * 60_000,
  });
}
