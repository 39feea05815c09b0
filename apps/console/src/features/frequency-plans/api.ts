import { globalConfApi, pfConfApi, txLutApi } from '@lns/contract/api/frequency-plans';
import { gatewayTypeApi } from '@lns/contract/api/gateway-types';
import { regionApi } from '@lns/contract/api/regions';
import type {
  globalConfBody,
  globalConfUpdateBody,
  PfConfState,
  txLutBody,
  txLutUpdateBody,
} from '@lns/contract/frequency-plans';
import type { BandUpdateBody } from '@lns/contract/regions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { catalogKeys } from '../../lib/catalog';

/**
 * Frequency-plan hooks. A saved or deleted global configuration or tx LUT changes what gateways
 * should run, so it refreshes the pfconf list too (everything under `frequencyPlans`).
 */
export const fpKeys = {
  all: ['frequencyPlans'] as const,
  globalConfs: (q: object) => ['frequencyPlans', 'globalConfs', q] as const,
  txLuts: (q: object) => ['frequencyPlans', 'txLuts', q] as const,
  pfConfs: (q: object) => ['frequencyPlans', 'pfConfs', q] as const,
  pfEnabled: ['frequencyPlans', 'pfEnabled'] as const,
  gwTypes: ['frequencyPlans', 'gwTypes'] as const,
};

type Page = { pageNo: number; pageSize: number };

export function useGlobalConfs(q: Page) {
  return useQuery({
    queryKey: fpKeys.globalConfs(q),
    queryFn: () => api.list(globalConfApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export type GlobalConfBody = z.output<typeof globalConfBody> | z.output<typeof globalConfUpdateBody>;

export function useSaveGlobalConf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalConfBody) =>
      'globalConfID' in body
        ? api.data(globalConfApi.update, body, { silent: true })
        : api.data(globalConfApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fpKeys.all }),
  });
}

export const deleteGlobalConf = (globalConfID: number) =>
  api.data(globalConfApi.delete, { globalConfID }, { silent: true });

export function useTxLuts(q: Page) {
  return useQuery({
    queryKey: fpKeys.txLuts(q),
    queryFn: () => api.list(txLutApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export type TxLutBody = z.output<typeof txLutBody> | z.output<typeof txLutUpdateBody>;

export function useSaveTxLut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TxLutBody) =>
      'txLutID' in body
        ? api.data(txLutApi.update, body, { silent: true })
        : api.data(txLutApi.create, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fpKeys.all }),
  });
}

export const deleteTxLut = (txLutID: number) => api.data(txLutApi.delete, { txLutID }, { silent: true });

/** Gateway types for the tx LUT form: every one, in a cache of this page's own. */
export function useGwTypeNames() {
  return useQuery({
    queryKey: fpKeys.gwTypes,
    queryFn: async () => (await api.list(gatewayTypeApi.list, { pageNo: 0, pageSize: 0 })).rows.map((r) => r.gwType),
    staleTime: 5 * 60_000,
  });
}

export function usePfConfs(q: Page & { state?: PfConfState }) {
  return useQuery({
    queryKey: fpKeys.pfConfs(q),
    queryFn: () => api.list(pfConfApi.list, q),
    placeholderData: keepPreviousData,
  });
}

export function usePfConfEnabled() {
  return useQuery({ queryKey: fpKeys.pfEnabled, queryFn: () => api.data(pfConfApi.enabled, undefined) });
}

/**
 * Push to a gateway's agent: the call lasts until the forwarder restarted, so each row has its own
 * mutation (its button's progress); the list refreshes either way, a failed push being a row state
 * too. Silent: the row says what went wrong in the page's own words.
 */
export function usePushPfConf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { gwID: string; force: boolean }) => api.data(pfConfApi.create, b, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['frequencyPlans', 'pfConfs'] }),
  });
}

export const signPfConf = (gwID: string) => api.data(pfConfApi.sign, { gwID });

export const fetchRegionDetail = (region: string) => api.data(regionApi.info, { region });

export function useUpdateRegionColor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BandUpdateBody) => api.data(regionApi.updateColor, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: catalogKeys.regions });
      // The dashboard's region colours.
      void qc.invalidateQueries({ queryKey: ['band'] });
    },
  });
}
