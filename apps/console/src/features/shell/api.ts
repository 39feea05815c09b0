import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** 12007 "need not run": web shell sessions were already allowed on the gateway. */
const NEED_NOT_RUN = 12007;

/**
 * Allows web shell sessions on the gateway (its agent refuses them until then). Other refusals
 * (offline, busy, no answer) are toasted by the client and reject.
 */
export async function allowShell(gatewayId: string): Promise<void> {
  await api.envelope(gatewayCommandApi.openWssh, { gatewayId }, { accept: [NEED_NOT_RUN] });
}

/** Options of the gateway picker: at most this many per search. */
export const PICKER_PAGE = 50;

/** Gateways whose ID or name contains `keyword` (all, first ones, when empty). */
export function useGatewaySearch(keyword: string) {
  return useQuery({
    queryKey: ['shell', 'gateways', keyword],
    queryFn: () => api.list(gatewayApi.list, { keyword: keyword || undefined, pageNo: 1, pageSize: PICKER_PAGE }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
