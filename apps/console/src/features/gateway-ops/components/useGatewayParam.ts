import { normalizeHex } from '@lns/contract/hex';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The gateway a page works on, kept in the URL (?gwID&gwName) as on the other gateway pages: the
 * side menu and breadcrumbs carry it along, and a reload keeps it.
 */
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
