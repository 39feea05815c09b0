import { networkServerApi, ntpApi } from '@lns/contract/api/network-servers';
import type { nsCreateBody, nsUpdateBody, ntpUpdateBody } from '@lns/contract/network-servers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** Query keys of the network page: a change refreshes everything under `network`. */
export const networkKeys = {
  all: ['network'] as const,
  servers: ['network', 'servers'] as const,
  ntp: ['network', 'ntp'] as const,
};

/** Every network-server entry (one per region and subnet: a short list, not paged by the server). */
export function useNetworkServers() {
  return useQuery({ queryKey: networkKeys.servers, queryFn: () => api.data(networkServerApi.list, undefined) });
}

export type NsBody = z.output<typeof nsCreateBody>;
export type NsUpdateBody = z.output<typeof nsUpdateBody>;

export function useSaveNetworkServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NsBody | NsUpdateBody) =>
      'nsID' in body
        ? api.data(networkServerApi.update, body, { silent: true })
        : api.data(networkServerApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: networkKeys.servers }),
  });
}

export const deleteNetworkServer = (nsID: number) => api.data(networkServerApi.delete, { nsID }, { silent: true });

export function useNtpHost() {
  return useQuery({ queryKey: networkKeys.ntp, queryFn: () => api.data(ntpApi.info, undefined) });
}

export function useSaveNtpHost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ntpUpdateBody>) => api.data(ntpApi.update, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: networkKeys.ntp }),
  });
}
