import { searchApi } from '@lns/contract/api/search';
import { normalizeSearchKeyword } from '@lns/contract/hex';
import { HEX_SEARCH_TYPES, type SearchType } from '@lns/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The keyword as sent: EUI-normalised for device, multicast group and gateway searches. */
export const searchKeyword = (type: SearchType, keyword: string) =>
  HEX_SEARCH_TYPES.includes(type) ? normalizeSearchKeyword(keyword) : keyword.trim();

/** Runs only once a search was submitted (`submitted` holds the keyword). */
export function useSearch(type: SearchType, submitted: string | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['search', type, submitted, pageNo, pageSize],
    queryFn: () =>
      api.list(searchApi.search, {
        category: type,
        keyword: searchKeyword(type, submitted ?? ''),
        pageNo,
        pageSize,
      }),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
  });
}
