import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export type HistoryQuery = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

/** One page of a history list; refetched when the query changes, the previous page kept meanwhile. */
export function useHistory<T>(path: string, query: HistoryQuery | null, refetchMs?: number) {
  return useQuery({
    refetchInterval: refetchMs,
    queryKey: ['history', path, query],
    queryFn: () => http.list<T>(path, query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
