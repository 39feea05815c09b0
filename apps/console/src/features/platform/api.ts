import { platformApi } from '@lns/contract/api/platform';
import type { PlatformConfig } from '@lns/contract/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the authentication page (the license panel keeps its own under `platform`). */
export const platformKeys = {
  config: ['platform', 'config'] as const,
  account: ['platform', 'account'] as const,
};

/** The data switches and the retention period (the server answers defaults where never saved). */
export function usePlatformConfig() {
  return useQuery({ queryKey: platformKeys.config, queryFn: () => api.data(platformApi.config, undefined) });
}

/** Saves all six fields at once; the card shows refusals itself, hence silent. */
export function useSavePlatformConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformConfig) => api.data(platformApi.updateConfig, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: platformKeys.config }),
  });
}

/** The signed-in admin, platform-wide counts and the NetID. */
export function usePlatformAccount() {
  return useQuery({ queryKey: platformKeys.account, queryFn: () => api.data(platformApi.account, undefined) });
}
