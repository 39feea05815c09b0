import { gatewayTagApi } from '@lns/contract/api/gateway-tags';
import { gatewayTypeApi } from '@lns/contract/api/gateway-types';
import { gatewayApi } from '@lns/contract/api/gateways';
import type { DataOf } from '@lns/contract/endpoint';
import type { GatewayTagCreateBody } from '@lns/contract/gateway-tags';
import type { GwTypeCreateBody, GwTypeUpdateBody } from '@lns/contract/gateway-types';
import type { GatewayBatchUpdateBody, GatewayCreateBody, GatewayListQuery } from '@lns/contract/gateways';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Gateway area hooks: gateways, their tags and types (the region list is in lib/catalog). Types
 * and tags change rarely: cached for the session and refetched after a change.
 */
export const gwKeys = {
  all: ['gateways'] as const,
  list: (q: object) => ['gateways', 'list', q] as const,
  info: (gwID: string) => ['gateways', 'info', gwID] as const,
  /** Every status call of one gateway (invalidate to refresh them all). */
  status: (gwID: string, part?: string) => ['gateways', 'status', gwID, ...(part ? [part] : [])] as const,
  mqtt: (gwID: string) => ['gateways', 'mqtt', gwID] as const,
  tags: ['gatewayTags'] as const,
  types: ['gatewayTypes'] as const,
};

const LONG = 5 * 60_000;
const isGwID = (gwID: string) => /^[0-9a-f]{16}$/.test(gwID);

export function useGatewayList(q: GatewayListQuery) {
  return useQuery({
    queryKey: gwKeys.list(q),
    queryFn: () => api.list(gatewayApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export function useGatewayInfo(gwID: string) {
  return useQuery({
    queryKey: gwKeys.info(gwID),
    queryFn: () => api.data(gatewayApi.statusInfo, { gwID }),
    enabled: isGwID(gwID),
  });
}

/** The status calls of one gateway (report info, detail): refetched every 30 s while shown. */
export const STATUS_REFETCH_MS = 30_000;
const statusCalls = {
  frame: gatewayApi.statusFrame,
  network: gatewayApi.statusNetwork,
  system: gatewayApi.statusSystem,
  online: gatewayApi.statusOnline,
  packetForwarder: gatewayApi.statusPacketForwarder,
  versions: gatewayApi.statusVersions,
} as const;
export type StatusPart = keyof typeof statusCalls;
export type StatusOf<P extends StatusPart> = DataOf<(typeof statusCalls)[P]>;

export function useGatewayStatus<P extends StatusPart>(part: P, gwID: string) {
  return useQuery({
    queryKey: gwKeys.status(gwID, part),
    // Every status call takes the same query (gwStatusQuery).
    queryFn: () => api.data(statusCalls[part] as typeof gatewayApi.statusFrame, { gwID }) as Promise<StatusOf<P>>,
    enabled: isGwID(gwID),
    refetchInterval: STATUS_REFETCH_MS,
  });
}

export function useMqttCredentials(gwID: string) {
  return useQuery({
    queryKey: gwKeys.mqtt(gwID),
    queryFn: () => api.data(gatewayApi.mqttInfo, { gwID }),
    enabled: isGwID(gwID),
  });
}

/** A new MQTT password; the gateway's connection with the old one is closed by the server. */
export function useRegenerateMqtt(gwID: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.data(gatewayApi.mqttRegenerate, { gwID }),
    onSuccess: (data) => qc.setQueryData(gwKeys.mqtt(gwID), data),
  });
}

export function useSaveGateway(editing: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayCreateBody) =>
      api.data(editing ? gatewayApi.update : gatewayApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.all }),
  });
}

/** All or nothing: a refusal (5006) names each refused gateway in `data.errors`. */
export const deleteGateways = (gwIDs: string[]) => api.data(gatewayApi.delete, { gwIDs }, { silent: true });

export function useBatchUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayBatchUpdateBody) => api.data(gatewayApi.batchUpdate, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.all }),
  });
}

export function useGatewayTags() {
  return useQuery({
    queryKey: gwKeys.tags,
    queryFn: async () => (await api.data(gatewayTagApi.list, undefined))?.tags ?? [],
    staleTime: LONG,
  });
}

export function useCreateTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayTagCreateBody) => api.data(gatewayTagApi.create, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.tags }),
  });
}

export const deleteTags = (tagsId: number[]) => api.data(gatewayTagApi.delete, { tagsId }, { silent: true });

export function useGatewayTypes() {
  return useQuery({
    queryKey: gwKeys.types,
    queryFn: async () => (await api.list(gatewayTypeApi.list, { pageNo: 0, pageSize: 0 })).rows,
    staleTime: LONG,
  });
}

export function useSaveGwType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GwTypeCreateBody | GwTypeUpdateBody) =>
      'gwTypeID' in body ? api.data(gatewayTypeApi.update, body) : api.data(gatewayTypeApi.create, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: gwKeys.types }),
  });
}

export const deleteGwType = (gwTypeID: number) => api.data(gatewayTypeApi.delete, { gwTypeID }, { silent: true });
