import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@lns/contract/paging';
import { useMemo, useState } from 'react';
import { session } from './session';

/** `F`: the list endpoint's order fields (its sortable columns). */
export interface Paging<F extends string = string> {
  pageNo: number;
  pageSize: number;
  orderBy?: F;
  orderType: 'asc' | 'desc';
  setPage(n: number): void;
  setPageSize(n: number): void;
  /** Click on a column: same column flips the order, a new column sorts descending. */
  setSort(key: string): void;
  /** Ready for the list call. */
  query: { pageNo: number; pageSize: number; orderBy?: F; orderType: 'asc' | 'desc' };
}

/** Paging + sorting state of one list; the page size is remembered per `listKey`. */
export function usePaging<F extends string = string>(
  listKey: string,
  init: { orderBy?: F; orderType?: 'asc' | 'desc' } = {},
): Paging<F> {
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
          // The table offers only sortable columns, which are the endpoint's order fields.
          orderBy: key as F,
          orderType: s.orderBy === key && s.orderType === 'desc' ? 'asc' : 'desc',
        }));
        setPage(1);
      },
      query: { pageNo, pageSize, orderBy: sort.orderBy, orderType: sort.orderType },
    }),
    [listKey, pageNo, pageSize, sort],
  );
}
