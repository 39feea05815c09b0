import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@lns/contract/paging';
import { useMemo, useState } from 'react';
import { session } from './session';

export interface Paging {
  pageNo: number;
  pageSize: number;
  orderBy?: string;
  orderType: 'asc' | 'desc';
  setPage(n: number): void;
  setPageSize(n: number): void;
  /** Click on a column: same column flips the order, a new column sorts descending. */
  setSort(key: string): void;
  /** Ready for the list call. */
  query: { pageNo: number; pageSize: number; orderBy?: string; orderType: 'asc' | 'desc' };
}

/** Paging + sorting state of one list; the page size is remembered per `listKey`. */
export function usePaging(listKey: string, init: { orderBy?: string; orderType?: 'asc' | 'desc' } = {}): Paging {
  const [pageNo, setPage] = useState(1);
  const [pageSize, setSize] = useState(() => session.pageSize(listKey, PAGE_SIZES, DEFAULT_PAGE_SIZE));
  const [sort, setSortState] = useState({ orderBy: init.orderBy, orderType: init.orderType ?? 'desc' });
  return useMemo(
    () => ({
      pageNo,
      pageSize,
      ...sort,
      setPage,
      setPageSize(n: number) {
        session.setPageSize(listKey, n);
        setSize(n);
        setPage(1);
      },
      setSort(key: string) {
        setSortState((s) => ({
          orderBy: key,
          orderType: s.orderBy === key && s.orderType === 'desc' ? 'asc' : 'desc',
        }));
        setPage(1);
      },
      query: { pageNo, pageSize, orderBy: sort.orderBy, orderType: sort.orderType },
    }),
    [listKey, pageNo, pageSize, sort],
  );
}
