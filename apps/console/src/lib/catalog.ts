import { applicationApi } from '@lns/contract/api/applications';
import { regionApi } from '@lns/contract/api/regions';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Lists that several areas read (forms, filters, pickers): one hook and one cache key each, so
 * a page showing two areas loads such a list once.
 */
export const catalogKeys = {
  regions: ['regions'] as const,
  /** Under the applications prefix: any change to an application refreshes the pickers too. */
  allApps: ['applications', 'list', { all: true }] as const,
};

/** Regions with their subnets and colours; they change rarely, so they stay cached for a while. */
export function useRegions() {
  return useQuery({
    queryKey: catalogKeys.regions,
    queryFn: () => api.data(regionApi.list, undefined),
    staleTime: 5 * 60_000,
  });
}

/** Every application the user may see (pickers). */
export function useAllApps(enabled = true) {
  return useQuery({
    queryKey: catalogKeys.allApps,
    queryFn: () => api.list(applicationApi.list, { pageNo: 0, pageSize: 0, orderBy: 'appName', orderType: 'asc' }),
    enabled,
  });
}
