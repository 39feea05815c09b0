import { upgradeRecordApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import type { UpgradeKind, UpgradeTask, upgradeTaskBody } from '@lns/contract/upgrades';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { VERSION_APIS } from '../kinds';
import { type PageQuery, upgradeKeys } from './keys';

/** While a task is not over its pages follow it this often. */
export const TASK_REFRESH_MS = 3000;

/** Completed or abnormal: nothing moves any more. */
export const isTaskOver = (t: Pick<UpgradeTask, 'state'>) => t.state === 'completed' || t.state === 'abnormal';

export function useTasks(q: PageQuery) {
  return useQuery({
    queryKey: upgradeKeys.tasks(q),
    queryFn: () => api.list(upgradeTaskApi.list, q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((t) => !isTaskOver(t)) ? TASK_REFRESH_MS : false),
  });
}

/** One task (0: none), refetched every 3 s until it is over. */
export function useTask(taskId: number) {
  return useQuery({
    queryKey: upgradeKeys.task(taskId),
    queryFn: taskId > 0 ? () => api.data(upgradeTaskApi.detail, { taskId }, { silent: true }) : skipToken,
    refetchInterval: (query) => (query.state.data && !isTaskOver(query.state.data) ? TASK_REFRESH_MS : false),
  });
}

/**
 * The task's records, a gateway each; followed while `follow` (its task is not over), and read
 * once more when it ends, so the rows show how each gateway finished.
 */
export function useTaskRecords(taskId: number, q: PageQuery, follow: boolean) {
  const query = useQuery({
    queryKey: upgradeKeys.taskRecords(taskId, q),
    queryFn: taskId > 0 ? () => api.list(upgradeRecordApi.listByTaskId, { taskId, ...q }) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: follow ? TASK_REFRESH_MS : false,
  });
  const followed = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (follow) followed.current = true;
    else if (followed.current) {
      followed.current = false;
      void refetch();
    }
  }, [follow, refetch]);
  return query;
}

/** Every version of a kind, for the task form's version choice (none before a kind is chosen). */
export function useVersionOptions(kind: UpgradeKind | undefined) {
  return useQuery({
    queryKey: [...upgradeKeys.versions(kind ?? ''), 'options'],
    queryFn: kind
      ? async () => (await api.list(VERSION_APIS[kind].listVersion, { pageNo: 1, pageSize: MAX_PAGE_SIZE })).rows
      : skipToken,
  });
}

/** The gateway types a task may target, with their arch and gateway count. */
export function useUpgradeGatewayTypes() {
  return useQuery({
    queryKey: upgradeKeys.gatewayTypes,
    queryFn: () => api.data(upgradeTaskApi.listGatewayType, undefined),
    staleTime: 30_000,
  });
}

export type TaskBody = z.output<typeof upgradeTaskBody>;

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskBody) => api.data(upgradeTaskApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}

/** A task and its records; upgrades already sent finish on their gateways unrecorded. */
export const deleteTask = (taskId: number) => api.data(upgradeTaskApi.delete, { taskId }, { silent: true });
