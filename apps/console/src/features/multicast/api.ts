import { mcDeviceApi, mcDownlinkApi, mcGatewayApi, mcGroupApi } from '@lns/contract/api/multicast';
import type { McGroupCreateBody } from '@lns/contract/multicast';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api';

export const mcKeys = {
  all: ['multicast'] as const,
  list: (q: object) => ['multicast', 'list', q] as const,
  info: (mcEUI: string) => ['multicast', 'info', mcEUI] as const,
  status: (mcEUI: string) => ['multicast', 'status', mcEUI] as const,
  route: (mcEUI: string) => ['multicast', 'route', mcEUI] as const,
  devices: (q: object) => ['multicast', 'devices', q] as const,
  gateways: (q: object) => ['multicast', 'gateways', q] as const,
  available: (kind: string, q: object) => ['multicast', 'available', kind, q] as const,
  downlinks: (q: object) => ['multicast', 'downlinks', q] as const,
  downlink: (msgID: string) => ['multicast', 'downlink', msgID] as const,
};

/** Members' sync states change on the air: open lists follow them. */
export const SYNC_REFRESH_MS = 5000;

export function useMcList(q: InputOf<typeof mcGroupApi.list>) {
  return useQuery({
    queryKey: mcKeys.list(q),
    queryFn: () => api.list(mcGroupApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export function useMcInfo(mcEUI: string) {
  return useQuery({
    queryKey: mcKeys.info(mcEUI),
    queryFn: () => api.data(mcGroupApi.info, { mcEUI }),
    enabled: mcEUI !== '',
  });
}

export function useMcStatus(mcEUI: string) {
  return useQuery({
    queryKey: mcKeys.status(mcEUI),
    queryFn: () => api.data(mcGroupApi.status, { mcEUI }),
    enabled: mcEUI !== '',
    refetchInterval: SYNC_REFRESH_MS,
  });
}

export function useMcRoute(mcEUI: string) {
  return useQuery({
    queryKey: mcKeys.route(mcEUI),
    queryFn: () => api.data(mcGatewayApi.route, { mcEUI }),
    enabled: mcEUI !== '',
  });
}

export function useSaveGroup(editing: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: McGroupCreateBody) =>
      editing
        ? api.data(mcGroupApi.update, body, { silent: true })
        : api.data(mcGroupApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mcKeys.all }),
  });
}

/** All or nothing: a refusal (14007) lists each refused group in `data.failed`. */
export const deleteGroups = (mcEUIs: string[]) => api.data(mcGroupApi.delete, { mcEUIs }, { silent: true });
export const resetGroup = (mcEUI: string) => api.data(mcGroupApi.reset, { mcEUI });

export function useMcDevices(q: InputOf<typeof mcDeviceApi.list>) {
  return useQuery({
    queryKey: mcKeys.devices(q),
    queryFn: () => api.list(mcDeviceApi.list, q),
    placeholderData: keepPreviousData,
    refetchInterval: SYNC_REFRESH_MS,
  });
}

export function useMcGateways(q: InputOf<typeof mcGatewayApi.list>) {
  return useQuery({
    queryKey: mcKeys.gateways(q),
    queryFn: () => api.list(mcGatewayApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export type MemberKind = 'device' | 'gateway';

export function useAvailable(kind: MemberKind, q: InputOf<typeof mcDeviceApi.available>, enabled: boolean) {
  return useQuery({
    queryKey: mcKeys.available(kind, q),
    queryFn: async () => {
      if (kind === 'device') {
        const r = await api.list(mcDeviceApi.available, q);
        return { rows: r.rows.map((d) => ({ id: d.devEUI, name: d.devName, extra: d.appName })), amount: r.amount };
      }
      const r = await api.list(mcGatewayApi.available, q);
      return { rows: r.rows.map((g) => ({ id: g.gwID, name: g.gwName, extra: g.gwType })), amount: r.amount };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Bind or unbind members; all or nothing (14008/14009 with `data.failed`). */
export function bindMembers(kind: MemberKind, mcEUI: string, ids: string[], unbind = false) {
  const opts = { silent: true };
  if (kind === 'device')
    return api.data(unbind ? mcDeviceApi.delete : mcDeviceApi.create, { mcEUI, devEUIs: ids }, opts);
  return api.data(unbind ? mcGatewayApi.delete : mcGatewayApi.create, { mcEUI, gwIDs: ids }, opts);
}

export function useMcDownlinks(q: InputOf<typeof mcDownlinkApi.history>) {
  return useQuery({
    queryKey: mcKeys.downlinks(q),
    queryFn: () => api.list(mcDownlinkApi.history, q),
    placeholderData: keepPreviousData,
    refetchInterval: SYNC_REFRESH_MS,
  });
}

export function useMcDownlinkStatus(q: InputOf<typeof mcDownlinkApi.status> | null) {
  return useQuery({
    queryKey: mcKeys.downlink(q?.msgID ?? ''),
    queryFn: () => api.data(mcDownlinkApi.status, q!),
    enabled: q !== null,
  });
}

export function useSendMcDownlink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof mcDownlinkApi.create>) => api.data(mcDownlinkApi.create, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['multicast', 'downlinks'] }),
  });
}
