import { frequencyScanApi, gatewayCommandApi, gatewayLogApi } from '@lns/contract/api/gateway-commands';
import type { GatewayCommand } from '@lns/contract/gateway-agent';
import type { LOG_DIRS, RecordKind, RsshExtra, ScanRange } from '@lns/contract/gateway-commands';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { isGwID } from '../../lib/chosenGateway';

/**
 * Gateway remote operations: commands, their records, log files and
 * noise scans (docs/protocols/gateway-agent.md). Every call is silent: the pages show what went
 * wrong beside what was asked, in the words of its code (commandError.ts).
 */
export const opsKeys = {
  all: ['gatewayOps'] as const,
  records: (q: object) => ['gatewayOps', 'records', q] as const,
  logs: (dir: string, gwID: string) => ['gatewayOps', 'logs', dir, gwID] as const,
  scan: (gwID: string) => ['gatewayOps', 'scan', gwID] as const,
  scanStatus: (gwID: string) => ['gatewayOps', 'scan', gwID, 'status'] as const,
  scanLatest: (gwID: string) => ['gatewayOps', 'scan', gwID, 'latest'] as const,
  scanList: (gwID: string, q: object) => ['gatewayOps', 'scan', gwID, 'list', q] as const,
  scanRecord: (id: number) => ['gatewayOps', 'scanRecord', id] as const,
};

// ---- Commands ----------------------------------------------------------------------------------

/**
 * Runs one command and waits for the agent (up to a minute): GET for the queries, POST for the
 * rest, each through its own contract endpoint.
 */
export function runCommand(cmd: GatewayCommand, gatewayId: string, extra?: RsshExtra) {
  const e = gatewayCommandApi[cmd];
  if (e.method === 'GET') return api.data(e, { gatewayId }, { silent: true });
  return api.data(e, extra ? { gatewayId, extra } : { gatewayId }, { silent: true });
}

export interface RecordFilter {
  gatewayId: string;
  cmdType: RecordKind | '';
  pageNo: number;
  pageSize: number;
}

export function useCommandRecords(f: RecordFilter) {
  return useQuery({
    queryKey: opsKeys.records(f),
    queryFn: () =>
      api.list(
        gatewayCommandApi.list,
        {
          gatewayId: f.gatewayId || undefined,
          cmdType: f.cmdType || undefined,
          pageNo: f.pageNo,
          pageSize: f.pageSize,
        },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

// ---- Log files ---------------------------------------------------------------------------------

/** A log directory as the console names it ('/var/log/'). */
export type LogDir = keyof typeof LOG_DIRS;

export function useLogFiles(dir: LogDir, gwID: string) {
  return useQuery({
    queryKey: opsKeys.logs(dir, gwID),
    queryFn: isGwID(gwID)
      ? async () =>
          (await api.data(gatewayLogApi.list, { log_file_dir: dir, gateway_id: gwID }, { silent: true })).files
      : skipToken,
  });
}

/** Saves one file; a refusal (offline, too large) is toasted in its code's words by the client. */
export const downloadLog = (dir: LogDir, gwID: string, logName: string) =>
  api.download(gatewayLogApi.download, { log_file_dir: dir, gateway_id: gwID, logName }, logName.split('/').at(-1)!);

// ---- Noise scans -------------------------------------------------------------------------------

/** While a scan runs its progress is asked for this often. */
export const SCAN_POLL_MS = 2000;

export function useScanStatus(gwID: string) {
  return useQuery({
    queryKey: opsKeys.scanStatus(gwID),
    queryFn: isGwID(gwID) ? () => api.data(frequencyScanApi.status, { gatewayId: gwID }, { silent: true }) : skipToken,
    refetchInterval: (q) => (q.state.data?.scanning ? SCAN_POLL_MS : false),
  });
}

export function useLatestScan(gwID: string) {
  return useQuery({
    queryKey: opsKeys.scanLatest(gwID),
    queryFn: isGwID(gwID)
      ? () => api.data(frequencyScanApi.latestRecord, { gatewayId: gwID }, { silent: true })
      : skipToken,
  });
}

export function useScanList(gwID: string, q: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: opsKeys.scanList(gwID, q),
    queryFn: isGwID(gwID)
      ? () => api.list(frequencyScanApi.list, { gatewayId: gwID, ...q }, { silent: true })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** One past scan with its points (0: none chosen). */
export function useScanRecord(id: number) {
  return useQuery({
    queryKey: opsKeys.scanRecord(id),
    queryFn: id > 0 ? () => api.data(frequencyScanApi.query, { id }, { silent: true }) : skipToken,
  });
}

export const startScan = (gatewayId: string, range: ScanRange) =>
  api.data(frequencyScanApi.start, { gatewayId, ...range }, { silent: true });
