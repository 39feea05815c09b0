import { searchApi } from '@lns/contract/api/search';
import type { SearchType } from '@lns/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const searchKey = (type: SearchType, submitted: string | null, pageNo: number, pageSize: number) =>
  ['search', type, submitted, pageNo, pageSize] as const;

/**
 * Runs only once a search was submitted (`submitted` holds the keyword, sent as typed: the server
 * reads EUI-like keywords as hex). While another page of the same search loads, the current page
 * stays; rows of another type never stand in for the new ones (their columns differ).
 */
export function useSearch(type: SearchType, submitted: string | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: searchKey(type, submitted, pageNo, pageSize),
    queryFn: () => api.list(searchApi.search, { category: type, keyword: submitted ?? '', pageNo, pageSize }),
    enabled: submitted !== null,
    placeholderData: (previous, query) =>
      query?.queryKey[1] === type && query.queryKey[2] === submitted ? keepPreviousData(previous) : undefined,
  });
}
