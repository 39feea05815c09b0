import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, buildUrl, handleEnvelope, headers, NETWORK_ERROR } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';

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

/**
 * One page of a history list; refetched when the query changes, the previous page kept meanwhile.
 * `key` names the list: invalidating ['history', key] refreshes it.
 */
export function useHistory<Q extends object, T>(
  key: string,
  query: (Q & HistoryWindow) | null,
  load: HistoryLoad<Q, T>,
  refetchMs?: number,
) {
  return useQuery({
    refetchInterval: refetchMs,
    queryKey: ['history', key, query],
    queryFn: query ? () => load(query) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/**
 * Download an export (xlsx). The token travels as a header, so the file is fetched and saved
 * from a blob; an error answer is the usual envelope.
 */
export async function downloadExport(path: string, query: HistoryQuery, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query as Record<string, string>), { headers: headers() });
  } catch {
    toast.error(i18n.t('errors:serverError'));
    throw new ApiError(NETWORK_ERROR, 'network');
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    handleEnvelope(await res.json());
    return;
  }
  if (!res.ok) {
    toast.error(i18n.t('errors:serverError'));
    return;
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
