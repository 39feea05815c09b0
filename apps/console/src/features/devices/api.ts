import type { TagItem } from '@lns/contract/device-tags';
import type {
  BatchRowError,
  DeviceCreateBody,
  DeviceDetail,
  DeviceRow,
  DeviceUpdateBody,
  ExportBody,
} from '@lns/contract/devices';
import type { RegionSummary } from '@lns/contract/regions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, buildUrl, handleEnvelope, headers, http } from '../../lib/http';

export const devKeys = {
  all: ['devices'] as const,
  list: (q: object) => ['devices', 'list', q] as const,
  status: (eui: string) => ['devices', 'status', eui] as const,
  signal: (eui: string, range: [number, number]) => ['devices', 'signal', eui, range] as const,
  tags: ['device-tags'] as const,
  regions: ['regions', 'list'] as const,
};

export interface DeviceListQuery {
  appID: number;
  pageNo: number;
  pageSize: number;
  orderBy?: string;
  orderType: 'asc' | 'desc';
  regions: string[];
  tagsId: number[];
}

export function useDeviceList(q: DeviceListQuery) {
  return useQuery({
    queryKey: devKeys.list(q),
    queryFn: () => http.list<DeviceRow>('/api/device/list', { ...q }),
    placeholderData: keepPreviousData,
    enabled: q.appID > 0,
  });
}

export function useDeviceStatus(devEUI: string) {
  return useQuery({
    queryKey: devKeys.status(devEUI),
    queryFn: () => http.get<DeviceDetail>('/api/device/status', { devEUI }),
    enabled: devEUI.length > 0,
  });
}

export interface SignalPoint {
  createtime: number;
  rssi: number | null;
  snr: number | null;
}

export function useSignal(devEUI: string, range: [number, number]) {
  return useQuery({
    queryKey: devKeys.signal(devEUI, range),
    // The chart just stops loading on failure (spec §7): no toast.
    queryFn: () =>
      http.get<SignalPoint[]>(
        '/api/device/signal',
        { devEUI, startTime: range[0], endTime: range[1] },
        { silent: true },
      ),
    enabled: devEUI.length > 0,
  });
}

export function useDeviceTags() {
  return useQuery({
    queryKey: devKeys.tags,
    queryFn: () => http.get<{ tags: TagItem[] }>('/api/device/tags/list').then((d) => d.tags),
  });
}

export function useRegions() {
  return useQuery({
    queryKey: devKeys.regions,
    queryFn: () => http.get<RegionSummary[]>('/api/band/list', undefined, { silent: true }),
    staleTime: 5 * 60_000,
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

export const useSaveDevice = (editing: boolean) =>
  useDeviceMutation((body: DeviceCreateBody | DeviceUpdateBody) =>
    http.post(editing ? '/api/device/update' : '/api/device/create', body, { silent: true }),
  );
export const useBatchUpdate = () =>
  useDeviceMutation((body: { devEUIs: string[]; appID: number; tagsId?: number[]; remarks?: string }) =>
    http.post('/api/device/updates', body),
  );
export const useMoveDevices = () =>
  useDeviceMutation((body: { appId: number; devEUIs: string[] }) => http.post('/api/device/moveDevice', body));
export const useResetFcnt = () =>
  useDeviceMutation((body: { devEUI: string; fCntUp: number; fCntDown: number }) =>
    http.post('/api/device/reset-fcnt', body),
  );
export const useCreateTags = () =>
  useDeviceMutation((body: { tags: string[]; groupName: string }) => http.post('/api/device/tags/create', body));
export const deleteTags = (tagsId: number[]) => http.post('/api/device/tags/delete', { tagsId }, { silent: true });
export const deleteDevices = (devEUIs: string[]) => http.post('/api/device/delete', { devEUIs }, { silent: true });

export interface BatchOutcome {
  created: number;
  failed: BatchRowError[];
}

/** batch-create: all rows or none; a refusal carries every failing row in data.failed. */
export async function batchCreate(body: { appID: number; authType: string; devices: Record<string, unknown>[] }) {
  try {
    return await http.post<BatchOutcome>('/api/device/batch-create', body, { silent: true });
  } catch (e) {
    const data = e instanceof ApiError ? (e.envelope?.data as BatchOutcome | undefined) : undefined;
    if (data?.failed?.length) return data;
    throw e;
  }
}

/** POST /api/device/excel and save the .xlsx it answers (an envelope means a refusal). */
export async function downloadExport(body: ExportBody): Promise<void> {
  const res = await fetch(buildUrl('/api/device/excel'), {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    handleEnvelope(await res.json());
    return;
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'devices.xlsx';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
