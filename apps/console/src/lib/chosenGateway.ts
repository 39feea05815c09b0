import { gatewayApi } from '@lns/contract/api/gateways';
import type { GatewayStatusInfo } from '@lns/contract/gateways';
import { normalizeHex } from '@lns/contract/hex';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { api } from './api';

/**
 * The gateway a page works on (gateway operations, upgrade records): kept in the URL
 * (?gwID&gwName) as on the other gateway pages, so the side menu and breadcrumbs carry it along
 * and a reload keeps it; its row comes from the server.
 */
export interface PickedGateway {
  gwID: string;
  gwName: string;
  online: boolean;
}

export const isGwID = (gwID: string) => /^[0-9a-f]{16}$/.test(gwID);

export const chosenGatewayKey = (gwID: string) => ['chosenGateway', gwID] as const;

/** The chosen gateway (name, region, online), refetched now and then: it may go off line meanwhile. */
export const GATEWAY_REFETCH_MS = 30_000;
export function useGatewayRow(gwID: string) {
  return useQuery({
    queryKey: chosenGatewayKey(gwID),
    queryFn: isGwID(gwID) ? () => api.data(gatewayApi.statusInfo, { gwID }, { silent: true }) : skipToken,
    refetchInterval: GATEWAY_REFETCH_MS,
  });
}

/** The URL's gateway ('' for none) and how to choose another one (null: none). */
export function useGatewayParam(): [string, (gw: { gwID: string; gwName: string } | null) => void] {
  const [params, setParams] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const choose = useCallback(
    (gw: { gwID: string; gwName: string } | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (gw) {
            next.set('gwID', gw.gwID);
            next.set('gwName', gw.gwName);
          } else {
            next.delete('gwID');
            next.delete('gwName');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [gwID, choose];
}

export interface ChosenGateway {
  /** From the URL ('' for none). */
  gwID: string;
  /** Its row once loaded (name, region, online state). */
  info: GatewayStatusInfo | undefined;
  /** The picker's value: the row, or while it loads the ID alone. */
  picked: PickedGateway | null;
  /** The gateway of the URL is not the user's or does not exist. */
  missing: boolean;
  choose: (gw: PickedGateway | null) => void;
}

/** The gateway a page works on: the URL's, with its row from the server. */
export function useChosenGateway(): ChosenGateway {
  const [gwID, choose] = useGatewayParam();
  const q = useGatewayRow(gwID);
  const info = q.data;
  const picked = info
    ? { gwID: info.gwID, gwName: info.gwName, online: info.online }
    : gwID
      ? { gwID, gwName: gwID, online: false }
      : null;
  return { gwID, info, picked, missing: Boolean(gwID) && q.isError, choose };
}
