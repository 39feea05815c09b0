import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type Key, useState } from 'react';

/**
 * A list page's selection and delete flow: props for ListTable's `selection` and for
 * DeleteDialog; after a delete the selection clears and `invalidate` refetches.
 */
export function useListSelection<T>(rows: T[], rowKey: (row: T) => Key, invalidate: QueryKey[]) {
  const qc = useQueryClient();
  const [selected, setSelected] = useState<Key[]>([]);
  const [toDelete, setToDelete] = useState<T[] | null>(null);
  const clear = () => setSelected([]);
  return {
    selected,
    /** The selected rows of this page. */
    chosen: rows.filter((r) => selected.includes(rowKey(r))),
    clear,
    /** For ListTable. */
    selection: { selected, onChange: setSelected },
    /** Opens the delete dialog for these rows. */
    askDelete: (items: T[]) => setToDelete(items),
    /** For DeleteDialog (open, onClose, items, onDone). */
    deleteDialog: {
      open: toDelete !== null,
      onClose: () => setToDelete(null),
      items: toDelete ?? [],
      onDone: () => {
        clear();
        for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
      },
    },
  };
}
