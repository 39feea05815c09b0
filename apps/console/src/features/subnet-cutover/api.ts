import { subnetSwitchMemberApi, subnetSwitchTaskApi } from '@lns/contract/api/subnet-switch';
import { OPEN_SWITCH_STATUSES, type SubnetSwitchStatus, type SwitchTask } from '@lns/contract/subnet-switch';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api';

/** Everything under `subnetCutover`, so a change refreshes every list that shows it. */
export const cutoverKeys = {
  all: ['subnetCutover'] as const,
  tasks: (q: object) => ['subnetCutover', 'tasks', q] as const,
  task: (taskId: number) => ['subnetCutover', 'task', taskId] as const,
  members: (kind: MemberKind, q: object) => ['subnetCutover', 'members', kind, q] as const,
  available: (kind: MemberKind, plan: string) => ['subnetCutover', 'available', kind, plan] as const,
};
export type MemberKind = 'gateway' | 'device';

/** Like the other progress pages: open tasks are followed this often. */
export const CUTOVER_REFRESH_MS = 5000;

export const isOpen = (t: Pick<SwitchTask, 'status'>) => OPEN_SWITCH_STATUSES.includes(t.status as SubnetSwitchStatus);
/** Before its switch an open task may still be edited, canceled and given members. */
export const beforeSwitch = (t: Pick<SwitchTask, 'status' | 'switchedAt'>) => isOpen(t) && t.switchedAt === null;

export function useCutoverTasks(q: InputOf<typeof subnetSwitchTaskApi.list>) {
  return useQuery({
    queryKey: cutoverKeys.tasks(q),
    queryFn: () => api.list(subnetSwitchTaskApi.list, q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some(isOpen) ? CUTOVER_REFRESH_MS : false),
  });
}

/** One task (0: none), followed while it is open. */
export function useCutoverTask(taskId: number) {
  return useQuery({
    queryKey: cutoverKeys.task(taskId),
    queryFn: taskId > 0 ? () => api.data(subnetSwitchTaskApi.info, { taskId }) : skipToken,
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data) ? CUTOVER_REFRESH_MS : false),
  });
}

export type TaskCreateBody = InputOf<typeof subnetSwitchTaskApi.create>;
export type TaskUpdateBody = InputOf<typeof subnetSwitchTaskApi.update>;

export function useSaveTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskCreateBody | TaskUpdateBody) =>
      'taskId' in body
        ? api.data(subnetSwitchTaskApi.update, body, { silent: true })
        : api.data(subnetSwitchTaskApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cutoverKeys.all }),
  });
}

export const cancelTask = (taskId: number) => api.data(subnetSwitchTaskApi.cancel, { taskId });
export const deleteTask = (taskId: number) => api.data(subnetSwitchTaskApi.delete, { taskId }, { silent: true });

type MemberQuery = InputOf<typeof subnetSwitchMemberApi.gatewayList>;

/** A task's member gateways, followed while the task is open. */
export function useMemberGateways(q: MemberQuery, follow: boolean) {
  return useQuery({
    queryKey: cutoverKeys.members('gateway', q),
    queryFn: q.taskId > 0 ? () => api.list(subnetSwitchMemberApi.gatewayList, q) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: follow ? CUTOVER_REFRESH_MS : false,
  });
}

/** A task's member devices, followed while the task is open. */
export function useMemberDevices(q: MemberQuery, follow: boolean) {
  return useQuery({
    queryKey: cutoverKeys.members('device', q),
    queryFn: q.taskId > 0 ? () => api.list(subnetSwitchMemberApi.deviceList, q) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: follow ? CUTOVER_REFRESH_MS : false,
  });
}

/** Add or remove members; all or none (the refusal names the first refused one). */
export function changeMembers(kind: MemberKind, taskId: number, ids: string[], remove = false) {
  const opts = { silent: true };
  const m = subnetSwitchMemberApi;
  if (kind === 'gateway') return api.data(remove ? m.gatewayDelete : m.gatewayAdd, { taskId, gwIDs: ids }, opts);
  return api.data(remove ? m.deviceDelete : m.deviceAdd, { taskId, devEUIs: ids }, opts);
}

export const addApplication = (taskId: number, appID: number) =>
  api.data(subnetSwitchMemberApi.applicationAdd, { taskId, appID });
