import { PAGE_SIZES } from '@lns/contract/paging';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../lib/paging';

export interface Column<T> {
  key: string;
  label: ReactNode;
  /** Sends `orderBy = key` when clicked (use the server's whitelisted field names). */
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * Which columns give way when the window is narrow, instead of the table scrolling sideways:
   * `optional` ones hide below 1440 px, `secondary` ones below 900 px; the rest always show.
   */
  priority?: 'optional' | 'secondary';
  /** IDs and times: on one line, never wrapped or cut (EUIs differ in their last digits). */
  nowrap?: boolean;
  /** Kept in view at the right edge while the rest scrolls (row actions). */
  stickyRight?: boolean;
}

/** Widths below which columns of each priority give way. */
export const COLUMN_BREAKPOINTS = { optional: 1440, secondary: 900 } as const;

function useVisibleColumns<T>(columns: Column<T>[]): Column<T>[] {
  const hideOptional = useMediaQuery(`(max-width:${COLUMN_BREAKPOINTS.optional - 0.02}px)`);
  const hideSecondary = useMediaQuery(`(max-width:${COLUMN_BREAKPOINTS.secondary - 0.02}px)`);
  return columns.filter(
    (c) => !(c.priority === 'optional' && hideOptional) && !(c.priority === 'secondary' && hideSecondary),
  );
}

const cellSx = (c: Column<unknown>, header = false) => ({
  width: c.width,
  ...(c.nowrap || header ? { whiteSpace: 'nowrap' as const } : {}),
  ...(c.stickyRight
    ? {
        position: 'sticky' as const,
        right: 0,
        bgcolor: 'background.paper',
        zIndex: header ? 3 : 1,
        // An edge for the columns that scroll under it (their header text would look cut off).
        boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.3)',
      }
    : {}),
});

export interface ListTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  amount: number;
  paging: Paging;
  loading?: boolean;
  onRowClick?: (row: T) => void;
  /** Checkbox column; `selected` holds row keys. */
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
  /** Hide the page-size choice (page links stay). */
  hidePageSize?: boolean;
  'data-testid'?: string;
}

/** Paged, sortable table: page links (10, or 5 under 600 px), page size 50/100/150/200 remembered per list. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { rows, rowKey, amount, paging, loading, onRowClick, selection, hidePageSize } = props;
  const columns = useVisibleColumns(props.columns);
  const { t } = useTranslation('common');
  const small = useMediaQuery('(max-width:599.98px)');
  const pages = paging.pageSize > 0 ? Math.max(1, Math.ceil(amount / paging.pageSize)) : 1;
  const keys = rows.map(rowKey);
  const sel = new Set(selection?.selected ?? []);
  const allOn = keys.length > 0 && keys.every((k) => sel.has(k));
  const someOn = keys.some((k) => sel.has(k));

  return (
    <Paper variant="outlined" data-testid={props['data-testid']}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      {/* A container for the empty message's width: the visible part, not the table's. */}
      <TableContainer sx={{ containerType: 'inline-size' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={allOn}
                    indeterminate={someOn && !allOn}
                    onChange={() => selection.onChange(allOn ? [] : keys)}
                    slotProps={{ input: { 'aria-label': t('selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={cellSx(c as Column<unknown>, true)}>
                  {c.sortable ? (
                    <TableSortLabel
                      active={paging.orderBy === c.key}
                      direction={paging.orderBy === c.key ? paging.orderType : 'desc'}
                      onClick={() => paging.setSort(c.key)}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => {
              const k = keys[i]!;
              return (
                <TableRow
                  key={k}
                  hover
                  selected={sel.has(k)}
                  onClick={onRowClick ? () => onRowClick(r) : undefined}
                  sx={{ cursor: onRowClick ? 'pointer' : undefined }}
                >
                  {selection && (
                    <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        size="small"
                        checked={sel.has(k)}
                        onChange={() =>
                          selection.onChange(
                            sel.has(k) ? selection.selected.filter((x) => x !== k) : [...selection.selected, k],
                          )
                        }
                      />
                    </TableCell>
                  )}
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={cellSx(c as Column<unknown>)}>
                      {c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? '')}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + (selection ? 1 : 0)} sx={{ p: 0, color: 'text.secondary' }}>
                  {/* Kept in view when the columns are wider than the screen. */}
                  <Box sx={{ position: 'sticky', left: 0, width: '100cqi', py: 4, textAlign: 'center' }}>
                    {loading ? t('loading') : t('noData')}
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="list-total">
          {t('paging.total', { count: amount })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {!hidePageSize && (
          <Select
            size="small"
            value={paging.pageSize}
            onChange={(e) => paging.setPageSize(Number(e.target.value))}
            inputProps={{ 'aria-label': t('paging.rowsPerPage') }}
            data-testid="page-size"
            sx={{ fontSize: 14 }}
          >
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={n}>
                {t('paging.perPage', { n })}
              </MenuItem>
            ))}
          </Select>
        )}
        <Pagination
          count={pages}
          page={Math.min(paging.pageNo, pages)}
          onChange={(_e, p) => paging.setPage(p)}
          siblingCount={small ? 1 : 3}
          boundaryCount={1}
          size="small"
          color="primary"
        />
      </Box>
    </Paper>
  );
}
