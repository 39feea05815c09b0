import { userApi } from '@lns/contract/api/users';
import type { PasswordChangeBody, UserCreateBody, UserUpdateBody } from '@lns/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api';
import { session } from '../../lib/session';

export const userKeys = {
  all: ['users'] as const,
  list: (q: object) => ['users', 'list', q] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useUserList(q: InputOf<typeof userApi.list>) {
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: () => api.list(userApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userID: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.detail(userID),
    queryFn: () => api.data(userApi.status, { userID }),
    enabled: enabled && userID > 0,
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody | UserUpdateBody) =>
      'userID' in body ? api.data(userApi.update, body) : api.data(userApi.create, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** One call per user (the API deletes one at a time); failures are reported per user. */
export const deleteUser = (userID: number) => api.data(userApi.delete, { userID }, { silent: true });

export function useRegenerateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userID: number) => api.data(userApi.regenerateToken, { userID }),
    onSuccess: (_d, userID) => qc.invalidateQueries({ queryKey: userKeys.detail(userID) }),
  });
}

export function useRegenerateMqttPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userID: number) => api.data(userApi.regenerateMqtt, { userID }),
    onSuccess: (_d, userID) => qc.invalidateQueries({ queryKey: userKeys.detail(userID) }),
  });
}

/**
 * Own password change. The server ends every session and answers a new one for this browser,
 * which replaces the old token; the API token and MQTT password it also replaced are read again.
 */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => api.data(userApi.changePassword, body),
    onSuccess: ({ token }) => {
      session.replaceToken(token);
      return qc.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
