import { normalizeSearchKeyword } from '@lns/contract/hex';
import { HEX_SEARCH_TYPES, type SearchType } from '@lns/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export type SearchRow = Record<string, unknown>;

/** The keyword as sent: EUI-normalised for device, multicast group and gateway searches. */
export const searchKeyword = (type: SearchType, keyword: string) =>
  HEX_SEARCH_TYPES.includes(type) ? normalizeSearchKeyword(keyword) : keyword.trim();

/** GET /api/search; runs only once a search was submitted (`submitted` holds the keyword). */
export function useSearch(type: SearchType, submitted: string | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['search', type, submitted, pageNo, pageSize],
    queryFn: () =>
      http.list<SearchRow>('/api/search', {
        category: type,
        keyword: searchKeyword(type, submitted ?? ''),
        pageNo,
        pageSize,
      }),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
  });
}
