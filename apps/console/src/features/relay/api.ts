import { deviceApi } from '@lns/contract/api/devices';
import { relayDeviceApi } from '@lns/contract/api/relay';
import { RELAY_SLAVE_STATUS } from '@lns/contract/relay';
import type { LadtpConfigBody, RelayBindBody, RelayConfigBody, RelayQueryBody } from '@lns/contract/relay-api';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, type InputOf } from '../../lib/api';
import { noteDeviceProduct } from '../../lib/deviceProducts';

/**
 * Query hooks of the relay and ladtp device pages (relayDeviceApi). Everything the server asks the
 * device is a request with a state that changes on the air, so pages showing one poll while it waits.
 */
export const relayKeys = {
  all: ['relay'] as const,
  status: (devEUI: string) => ['relay', 'status', devEUI] as const,
  config: (devEUI: string) => ['relay', 'config', devEUI] as const,
  list: (name: string, q: object) => ['relay', name, q] as const,
};

/** How often an open page looks again while a request waits for the device. */
export const WAITING_REFRESH_MS = 5000;
/** Requests in these states still wait for the device. */
export const waiting = (state: string | undefined) => state === 'queued' || state === 'sent';

const silent = { silent: true };

/** Status info; a failure (a server without the call, a device of another type) is shown by the page. */
export function useDeviceStatus(devEUI: string) {
  return useQuery({
    queryKey: relayKeys.status(devEUI),
    queryFn: devEUI
      ? () =>
          api.data(relayDeviceApi.status, { devEUI }, silent).then((s) => {
            // The answer says the device's type: its side menu offers that type's pages.
            noteDeviceProduct(devEUI, s.productType);
            return s;
          })
      : skipToken,
  });
}

/** The configuration in effect and the request still waiting; polled while one waits. */
export function useDeviceConfig(devEUI: string) {
  return useQuery({
    queryKey: relayKeys.config(devEUI),
    queryFn: devEUI ? () => api.data(relayDeviceApi.configGet, { devEUI }, silent) : skipToken,
    refetchInterval: (q) => (waiting(q.state.data?.pending?.state) ? WAITING_REFRESH_MS : false),
  });
}

/** A paged list call of the device pages, kept while the next page loads. */
function useDeviceList<E extends (typeof relayDeviceApi)[keyof typeof relayDeviceApi]>(
  name: string,
  endpoint: E,
  q: InputOf<E> | null,
  refetchInterval?: number | ((rows: unknown[]) => number | false),
) {
  return useQuery({
    queryKey: relayKeys.list(name, q ?? {}),
    queryFn: q ? () => api.list(endpoint, q, silent) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval((query.state.data?.rows as unknown[] | undefined) ?? [])
        : refetchInterval,
  });
}

type Q<E extends keyof typeof relayDeviceApi> = InputOf<(typeof relayDeviceApi)[E]> | null;

/**
 * The requests sent to the device, followed while one of those shown waits for its answer. When
 * one stops waiting, what it read or changed (status, configuration, slaves, …) is loaded again.
 */
export function useRequests(q: Q<'configInfo'>) {
  const qc = useQueryClient();
  const list = useDeviceList('requests', relayDeviceApi.configInfo, q, (rows) =>
    rows.some((r) => waiting((r as { state?: string }).state)) ? WAITING_REFRESH_MS : false,
  );
  const waitingIds = useRef(new Set<number>());
  useEffect(() => {
    const rows = list.data?.rows ?? [];
    const now = new Set(rows.filter((r) => waiting(r.state)).map((r) => r.id));
    const answered = [...waitingIds.current].some((id) => !now.has(id));
    waitingIds.current = now;
    if (answered) void qc.invalidateQueries({ queryKey: relayKeys.all });
  }, [list.data, qc]);
  return list;
}
/** The slaves, followed while one is updating (bound or unbound, the relay has not answered yet). */
export const useSlaves = (q: Q<'slaves'>) =>
  useDeviceList('slaves', relayDeviceApi.slaves, q, (rows) =>
    rows.some((r) => (r as { status?: number }).status === RELAY_SLAVE_STATUS.UPDATING_CONFIG)
      ? WAITING_REFRESH_MS
      : false,
  );
export const useRejoinList = (q: Q<'rejoinList'>) => useDeviceList('rejoin', relayDeviceApi.rejoinList, q);
export const useEvents = (q: Q<'events'>) => useDeviceList('events', relayDeviceApi.events, q);
export const useStatusRecord = (q: Q<'statusRecord'>) => useDeviceList('statusRecord', relayDeviceApi.statusRecord, q);
export const useStatusHistory = (q: Q<'statusHistory'>) =>
  useDeviceList('statusHistory', relayDeviceApi.statusHistory, q);
export const usePayloads = (q: Q<'payloads'>, poll = false) =>
  useDeviceList('payloads', relayDeviceApi.payloads, q, poll ? WAITING_REFRESH_MS : undefined);

/** The devices of an application, to choose slaves from. */
export function useAppDevices(appID: number, enabled: boolean) {
  return useQuery({
    queryKey: ['relay', 'appDevices', appID],
    queryFn:
      enabled && appID > 0
        ? () => api.list(deviceApi.list, { appID, pageNo: 1, pageSize: 200, orderBy: 'devName', orderType: 'asc' })
        : skipToken,
  });
}

/** Ask the device now (event query); the answer is the request with its state. */
export function useAskDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RelayQueryBody) => api.data(relayDeviceApi.query, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: relayKeys.all }),
  });
}

export function useSaveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RelayConfigBody | LadtpConfigBody) => api.data(relayDeviceApi.configSet, body, silent),
    onSuccess: () => qc.invalidateQueries({ queryKey: relayKeys.all }),
  });
}

/** Bind or unbind slaves: the answer lists what was done and each refused slave with its code. */
export function useBindSlaves(unbind: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RelayBindBody) => api.data(unbind ? relayDeviceApi.unbind : relayDeviceApi.bind, body, silent),
    onSuccess: () => qc.invalidateQueries({ queryKey: relayKeys.all }),
  });
}

export function useSendData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof relayDeviceApi.downlink>) => api.data(relayDeviceApi.downlink, body, silent),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['relay', 'payloads'] }),
  });
}
