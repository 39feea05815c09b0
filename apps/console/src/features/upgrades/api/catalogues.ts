import { gatewayTypeApi } from '@lns/contract/api/gateway-types';
import { gwSdkApi, picoFirmwareApi } from '@lns/contract/api/upgrades';
import type { picoFirmwareBody, sdkBody, sdkUpdateBody } from '@lns/contract/upgrades';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { type PageQuery, upgradeKeys } from './keys';

/** SDK versions and pico firmware: the catalogues pico gateways are served from. */
export function useSdkList(q: PageQuery) {
  return useQuery({
    queryKey: upgradeKeys.sdk(q),
    queryFn: () => api.list(gwSdkApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export type SdkBody = z.output<typeof sdkBody>;
export type SdkUpdateBody = z.output<typeof sdkUpdateBody>;

export function useSaveSdk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SdkBody | SdkUpdateBody) =>
      'sdkID' in body
        ? api.data(gwSdkApi.update, body, { silent: true })
        : api.data(gwSdkApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}

export const deleteSdk = (sdkID: number) => api.data(gwSdkApi.delete, { sdkID }, { silent: true });

export function usePicoFirmware(q: PageQuery) {
  return useQuery({
    queryKey: upgradeKeys.pico(q),
    queryFn: () => api.list(picoFirmwareApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export type PicoBody = z.output<typeof picoFirmwareBody>;

export function useCreatePico() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PicoBody) => api.data(picoFirmwareApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}

export const deletePico = (id: number) => api.data(picoFirmwareApi.delete, { id }, { silent: true });

/** Every gateway type's name (the pico firmware form's choice). */
export function useGatewayTypeNames() {
  return useQuery({
    queryKey: upgradeKeys.gwTypeNames,
    queryFn: async () => (await api.list(gatewayTypeApi.list, { pageNo: 0, pageSize: 0 })).rows.map((r) => r.gwType),
    staleTime: 60_000,
  });
}
