import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

export type HistoryQuery = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

/** What a history list adds to its own filters: the page, the order and the time range. */
export type HistoryWindow = {
  pageNo: number;
  pageSize: number;
  orderBy?: 'createtime';
  orderType: 'asc' | 'desc';
  startTime: number;
  endTime: number;
};
export interface HistoryRows<T> {
  rows: T[];
  amount: number;
}
/** One page of a list, from the list's own endpoint. */
export type HistoryLoad<Q, T> = (query: Q & HistoryWindow) => Promise<HistoryRows<T>>;

/** Cache key prefix of one history list: invalidate it to refetch every page of that list. */
export const historyKey = (key: string) => ['history', key] as const;

/** One page of a history list; refetched when the query changes, the previous page kept meanwhile. */
export function useHistory<Q extends object, T>(
  key: string,
  query: (Q & HistoryWindow) | null,
  load: HistoryLoad<Q, T>,
  refetchMs?: number,
) {
  return useQuery({
    refetchInterval: refetchMs,
    queryKey: [...historyKey(key), query],
    queryFn: query ? () => load(query) : skipToken,
    placeholderData: keepPreviousData,
  });
}
