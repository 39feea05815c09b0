import { useCallback, useState } from 'react';
import { defaultRange, type Range } from '../../components/DateTimeRangePicker';
import type { Paging } from '../../lib/paging';

/** A card's time range (today by default); a new range starts its list at page 1. */
export function useRange(paging: Paging): [Range, (r: Range) => void] {
  const [range, setRangeState] = useState<Range>(() => defaultRange());
  const { setPage } = paging;
  const setRange = useCallback(
    (r: Range) => {
      setRangeState(r);
      setPage(1);
    },
    [setPage],
  );
  return [range, setRange];
}
