import { upgradeRecordApi } from '@lns/contract/api/upgrades';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type PageQuery, upgradeKeys } from './keys';

/** Upgrade records, of one gateway when `gatewayId` is given, newest first. */
export function useGatewayRecords(gatewayId: string, q: PageQuery) {
  const query = { ...q, gatewayId: gatewayId || undefined };
  return useQuery({
    queryKey: upgradeKeys.records(query),
    queryFn: () => api.list(upgradeRecordApi.list, query),
    placeholderData: keepPreviousData,
  });
}

/** The records of one version (0: none chosen). */
export function useVersionRecords(versionId: number, upgradeType: number, q: PageQuery) {
  const query = { ...q, versionId, upgradeType };
  return useQuery({
    queryKey: upgradeKeys.versionRecords(query),
    queryFn: versionId > 0 ? () => api.list(upgradeRecordApi.listByVersionId, query) : skipToken,
    placeholderData: keepPreviousData,
  });
}
