import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { C } from '@lns/contract/code-names';
import type { TagCreateBody } from '@lns/contract/device-tags';
import type { DeviceCreateBody, DeviceListQuery, DeviceUpdateBody, ExportBody } from '@lns/contract/devices';
import type { BodyOf } from '@lns/contract/endpoint';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, refusalOf } from '../../lib/api';
import { appIDOf, isAppMissing, useAppInfo } from '../../lib/appInfo';

export const devKeys = {
  all: ['devices'] as const,
  list: (q: object) => ['devices', 'list', q] as const,
  status: (eui: string) => ['devices', 'status', eui] as const,
  signal: (eui: string, range: [number, number]) => ['devices', 'signal', eui, range] as const,
  tags: ['device-tags'] as const,
};

/**
 * The application a device page's link names: its appID (0: none valid), its name (the URL's label
 * when the link carried it, else read: a bookmark or a link written by hand may carry only appID) and
 * whether the server says it is gone. `check` reads it even with a label, to learn that.
 * The page shows both cases itself (AppMissing).
 */
export function useLinkedApp(params: URLSearchParams, check = false) {
  const appID = appIDOf(params.get('appID'));
  const label = params.get('appName');
  const info = useAppInfo(appID, { enabled: check || label === null, showsMissing: true });
  return { appID, appName: label ?? info.data?.appName ?? '', gone: isAppMissing(info.error) };
}

/** Devices of the application `q.appID` (nothing is asked before the page knows it). */
export function useDeviceList(q: DeviceListQuery) {
  return useQuery({
    queryKey: devKeys.list(q),
    // The page shows an application that is gone (AppMissing): no toast for it.
    queryFn: () => api.list(deviceApi.list, q, { silent: [C.APP_MISSING] }),
    placeholderData: keepPreviousData,
    enabled: (q.appID ?? 0) > 0,
  });
}

export function useDeviceStatus(devEUI: string) {
  return useQuery({
    queryKey: devKeys.status(devEUI),
    queryFn: () => api.data(deviceApi.status, { devEUI }),
    enabled: devEUI.length > 0,
  });
}

export function useSignal(devEUI: string, range: [number, number]) {
  return useQuery({
    queryKey: devKeys.signal(devEUI, range),
    // The chart just stops loading on failure: no toast.
    queryFn: () => api.data(deviceApi.signal, { devEUI, startTime: range[0], endTime: range[1] }, { silent: true }),
    enabled: devEUI.length > 0,
  });
}

export function useDeviceTags() {
  return useQuery({
    queryKey: devKeys.tags,
    queryFn: () => api.data(deviceTagApi.list, undefined).then((d) => d?.tags ?? []),
  });
}

/** A mutation that refreshes device lists, details and tag counts afterwards. */
function useDeviceMutation<B, R = unknown>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: devKeys.all });
      void qc.invalidateQueries({ queryKey: devKeys.tags });
      void qc.invalidateQueries({ queryKey: ['applications'] });
    },
  });
}

/** Create (the body names its application) or update (`editing`: the body names the device only). */
export const useSaveDevice = (editing: boolean) =>
  useDeviceMutation((body: DeviceCreateBody | DeviceUpdateBody) =>
    editing || !('appID' in body)
      ? api.data(deviceApi.update, body, { silent: true })
      : api.data(deviceApi.create, body, { silent: true }),
  );
export const useBatchUpdate = () =>
  useDeviceMutation((body: BodyOf<typeof deviceApi.updateMany>) => api.data(deviceApi.updateMany, body));
export const useMoveDevices = () =>
  useDeviceMutation((body: BodyOf<typeof deviceApi.move>) => api.data(deviceApi.move, body));
export const useResetFcnt = () =>
  useDeviceMutation((body: BodyOf<typeof deviceApi.resetFcnt>) => api.data(deviceApi.resetFcnt, body));
export const useCreateTags = () => useDeviceMutation((body: TagCreateBody) => api.data(deviceTagApi.create, body));

/** All or nothing: a refusal (1007) lists each unknown tag id in its `failed`. */
export const deleteTags = (tagsId: number[]) => api.data(deviceTagApi.delete, { tagsId }, { silent: true });
/** All or nothing: a refusal (4006) lists each refused devEUI in its `failed`. */
export const deleteDevices = (devEUIs: string[]) => api.data(deviceApi.delete, { devEUIs }, { silent: true });
/** The reasons of a refused device delete, by devEUI. */
export const deviceDeleteRefusals = (e: unknown): Map<string, string> =>
  new Map((refusalOf(deviceApi.delete, e)?.failed ?? []).map((f) => [f.id, f.reason]));
/** The reasons of a refused tag delete, by tag id. */
export const tagDeleteRefusals = (e: unknown): Map<string, string> =>
  new Map((refusalOf(deviceTagApi.delete, e)?.failed ?? []).map((f) => [f.id, f.reason]));

/** batch-create (or its dry run): the report of every row; a refusal's report is in `batchRefusal`. */
export const batchCreate = (body: BodyOf<typeof deviceApi.batchCreate>) =>
  api.data(deviceApi.batchCreate, body, { silent: true });
/** The report of a refused batch-create (all rows or none). */
export const batchRefusal = (e: unknown) => refusalOf(deviceApi.batchCreate, e);

/** The export as an .xlsx the browser saves (an envelope instead means a refusal). */
export const downloadExport = (body: ExportBody): Promise<void> => api.download(deviceApi.export, body, 'devices.xlsx');
