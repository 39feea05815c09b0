import { regionApi } from '@lns/contract/api/regions';
import type { GatewayTag, GatewayTagCreateBody } from '@lns/contract/gateway-tags';
import type { GwTypeCreateBody, GwTypeRow, GwTypeUpdateBody } from '@lns/contract/gateway-types';
import type { GatewayBatchUpdateBody, GatewayCreateBody, GatewayRow, GatewayStatusInfo } from '@lns/contract/gateways';
import type { BandUpdateBody } from '@lns/contract/regions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { catalogKeys } from '../../lib/catalog';
import { http } from '../../lib/http';

/**
 * Gateway area hooks: gateways, their tags and types, region plans (the region list itself is
 * in lib/catalog). Types and tags change rarely: cached for the session and refetched after a change.
 */
export const gwKeys = {
  all: ['gateways'] as const,
  list: (q: object) => ['gateways', 'list', q] as const,
  info: (gwID: string) => ['gateways', 'info', gwID] as const,
  tags: ['gatewayTags'] as const,
  types: ['gatewayTypes'] as const,
};

const LONG = 5 * 60_000;

export interface GatewayListQuery {
  pageNo: number;
  pageSize: number;
  orderBy?: string;
  orderType: 'asc' | 'desc';
  regions?: string[];
  gwTypes?: string[];
  online?: string;
  tagsId?: number[];
  keyword?: string;
}

export function useGatewayList(q: GatewayListQuery) {
  return useQuery({
    queryKey: gwKeys.list(q),
    queryFn: () => http.list<GatewayRow>('/api/gateway/list', { ...q }),
    placeholderData: keepPreviousData,
  });
}

export function useGatewayInfo(gwID: string) {
  return useQuery({
    queryKey: gwKeys.info(gwID),
    queryFn: () => http.get<GatewayStatusInfo>('/api/gateway/status/info', { gwID }),
    enabled: /^[0-9a-f]{16}$/.test(gwID),
  });
}

export function useSaveGateway(editing: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayCreateBody) =>
      http.post(editing ? '/api/gateway/update' : '/api/gateway/create', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.all }),
  });
}

export const deleteGateways = (gwIDs: string[]) => http.post('/api/gateway/delete', { gwIDs }, { silent: true });

export function useBatchUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayBatchUpdateBody) => http.post<{ count: number }>('/api/gateway/batchUpdate', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.all }),
  });
}

export function useGatewayTags() {
  return useQuery({
    queryKey: gwKeys.tags,
    queryFn: async () => (await http.get<{ tags: GatewayTag[] }>('/api/gateway/tags/list')).tags,
    staleTime: LONG,
  });
}

export function useCreateTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayTagCreateBody) => http.post<{ tagsId: number[] }>('/api/gateway/tags/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.tags }),
  });
}

export const deleteTags = (tagsId: number[]) => http.post('/api/gateway/tags/delete', { tagsId }, { silent: true });

export function useGatewayTypes() {
  return useQuery({
    queryKey: gwKeys.types,
    queryFn: async () => (await http.list<GwTypeRow>('/api/gwtype/list', { pageNo: 0, pageSize: 0 })).rows,
    staleTime: LONG,
  });
}

export function useSaveGwType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GwTypeCreateBody | GwTypeUpdateBody) =>
      'gwTypeID' in body ? http.post('/api/gwtype/update', body) : http.post('/api/gwtype/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.types }),
  });
}

export const deleteGwType = (gwTypeID: number) => http.post('/api/gwtype/delete', { gwTypeID }, { silent: true });

// The form dialogs read the regions through this area's api.
export { useRegions } from '../../lib/catalog';

export const fetchRegionDetail = (region: string) => api.data(regionApi.info, { region });

export function useUpdateRegionColor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BandUpdateBody) => api.data(regionApi.updateColor, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: catalogKeys.regions });
      void qc.invalidateQueries({ queryKey: ['band'] });
    },
  });
}
