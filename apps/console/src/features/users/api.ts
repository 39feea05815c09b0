import type { UserCreateBody, UserDetail, UserRow, UserUpdateBody } from '@lns/contract/users';
import { USER_MQTT_REGENERATE_PATH } from '@lns/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const userKeys = {
  all: ['users'] as const,
  list: (q: object) => ['users', 'list', q] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useUserList(q: { pageNo: number; pageSize: number; orderBy?: string; orderType: 'asc' | 'desc' }) {
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: () => http.list<UserRow>('/api/user/list', q),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userID: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.detail(userID),
    queryFn: () => http.get<UserDetail>('/api/user/status', { userID }),
    enabled: enabled && userID > 0,
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody | UserUpdateBody) =>
      'userID' in body ? http.post('/api/user/update', body) : http.post<{ userID: number }>('/api/user/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** One call per user (the API deletes one at a time); failures are reported per user. */
export const deleteUser = (userID: number) => http.post('/api/user/delete', { userID }, { silent: true });

export function useRegenerateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userID: number) => http.post<{ apiToken: string }>('/api/user/token/regenerate', { userID }),
    onSuccess: (_d, userID) => qc.invalidateQueries({ queryKey: userKeys.detail(userID) }),
  });
}

export function useRegenerateMqttPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userID: number) => http.post<{ mqPassword: string }>(USER_MQTT_REGENERATE_PATH, { userID }),
    onSuccess: (_d, userID) => qc.invalidateQueries({ queryKey: userKeys.detail(userID) }),
  });
}
