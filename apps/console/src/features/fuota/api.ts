import { fuotaApi } from '@lns/contract/api/fuota';
import { mcGroupApi } from '@lns/contract/api/multicast';
import { FUOTA_SESSION_STATE, type FuotaTaskRow } from '@lns/contract/fuota';
import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf, refusalOf } from '../../lib/api';
import { refusalText } from '../../lib/refusal';

export const fuotaKeys = {
  all: ['fuota'] as const,
  list: (q: object) => ['fuota', 'list', q] as const,
  info: (fdID: number) => ['fuota', 'info', fdID] as const,
  devices: (q: object) => ['fuota', 'devices', q] as const,
  firmware: (q: object) => ['fuota', 'firmware', q] as const,
  groups: ['fuota', 'groups'] as const,
};

/** A running task moves on by itself (fragments every few seconds): open pages follow it. */
export const RUNNING_REFRESH_MS = 3000;

/** Waiting or upgrading: it can be aborted, not deleted (16002); a finished one the other way round (16003). */
export const isRunning = (t: Pick<FuotaTaskRow, 'state'>) => t.state < FUOTA_SESSION_STATE.DONE;

export function useFuotaList(q: InputOf<typeof fuotaApi.list>) {
  return useQuery({
    queryKey: fuotaKeys.list(q),
    queryFn: () => api.list(fuotaApi.list, q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some(isRunning) ? RUNNING_REFRESH_MS : false),
  });
}

export function useFuotaInfo(fdID: number) {
  return useQuery({
    queryKey: fuotaKeys.info(fdID),
    queryFn: () => api.data(fuotaApi.info, { fdID }),
    enabled: fdID > 0,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? RUNNING_REFRESH_MS : false),
  });
}

/**
 * Devices of tasks, refetched while `follow` (the status page: while its task runs). A device row
 * does not tell whether its task still runs, so the device upgrade list is not followed.
 */
export function useFuotaDevices(q: InputOf<typeof fuotaApi.devices>, follow = false) {
  return useQuery({
    queryKey: fuotaKeys.devices(q),
    queryFn: () => api.list(fuotaApi.devices, q),
    placeholderData: keepPreviousData,
    refetchInterval: follow ? RUNNING_REFRESH_MS : false,
  });
}

export function useFirmwareList(q: InputOf<typeof fuotaApi.firmware>) {
  return useQuery({
    queryKey: fuotaKeys.firmware(q),
    queryFn: () => api.list(fuotaApi.firmware, q),
    placeholderData: keepPreviousData,
  });
}

/** The caller's multicast groups (admins: every group), by name: the group pickers and names in rows. */
export function useGroupOptions() {
  return useQuery({
    queryKey: fuotaKeys.groups,
    queryFn: async () =>
      (
        await api.list(mcGroupApi.list, {
          pageNo: 1,
          pageSize: MAX_PAGE_SIZE,
          orderBy: 'mcName',
          orderType: 'asc',
        })
      ).rows.map((g) => ({ mcEUI: g.mcEUI, mcName: g.mcName, deviceNums: g.deviceNums })),
    staleTime: 60_000,
  });
}
export type GroupOption = NonNullable<ReturnType<typeof useGroupOptions>['data']>[number];

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<typeof fuotaApi.create>) => api.data(fuotaApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fuotaKeys.all }),
  });
}

export const abortTask = (fdID: number) => api.data(fuotaApi.abort, { fdID });
/** All or none: a refusal (16002) names each running task in `data.failed`. */
export const deleteTasks = (fdIDs: number[]) => api.data(fuotaApi.delete, { fdIDs }, { silent: true });

/** The tasks a refused delete names (16002 for running ones), by id, in words of their code. */
export function deleteRefusals(e: unknown): Map<string, string> {
  const failed = refusalOf(fuotaApi.delete, e)?.failed ?? [];
  return new Map(failed.map((f) => [String(f.fdID), refusalText({ code: f.code })]));
}
