import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo, type ReactNode } from 'react';
import type { FrameColumn } from '../../../components/frames/columns';
import type { LiveRow } from '../buffer';

const minWidth = (cols: { key: string; width?: number | string }[]) =>
  cols.reduce((sum, c) => sum + Number(c.width ?? WIDTH[c.key] ?? DATA_MIN), 0);

interface RowProps<T> {
  row: LiveRow<T>;
  columns: FrameColumn<T>[];
  onClick: (frame: T) => void;
}

// A row never changes once shown: re-render only when it is new (rows keep their key). Plain
// elements styled once by the table (TABLE_SX): at 100 frames/s MUI's per-cell components cost.
const Row = memo(function Row<T>({ row, columns, onClick }: RowProps<T>) {
  return (
    <tr onClick={() => onClick(row.frame)} data-testid="live-row">
      {columns.map((c) => (
        <td key={c.key}>{c.render(row.frame)}</td>
      ))}
    </tr>
  );
}) as <T>(p: RowProps<T>) => ReactNode;

/**
 * Column widths (px) by key: the table uses a fixed layout so a new row never re-measures the
 * others. IDs get room for all their digits: an ellipsis would hide the part that tells them apart.
 */
const WIDTH: Record<string, number> = {
  createtime: 165,
  uplink: 90,
  msgType: 175,
  type: 90,
  devAddr: 130,
  devEUI: 235,
  devName: 140,
  fCnt: 80,
  fPort: 70,
  confirmed: 95,
  sfbw: 105,
  freq: 130,
  rssi: 70,
  snr: 70,
  gwID: 235,
  size: 60,
  decoded: 280,
};
const DATA_MIN = 260;

const BOX_SX = { contain: 'content', maxHeight: 'calc(100vh - 220px)', minHeight: 240 } as const;
const FULL_SX = { contain: 'content', flex: '1 1 auto', minHeight: 0 } as const;

const TABLE_SX = {
  tableLayout: 'fixed',
  '& td, & th': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& tbody td': (theme: Theme) => ({
    ...theme.typography.body2,
    padding: '6px 16px',
    borderBottom: `1px solid ${theme.palette.divider}`,
  }),
  '& tbody tr': { cursor: 'pointer' },
  '& tbody tr:hover': { bgcolor: 'action.hover' },
  '& tbody td:last-of-type': { fontFamily: 'monospace' },
} as const;

export function LiveRows<T>(p: {
  columns: FrameColumn<T>[];
  rows: LiveRow<T>[];
  onRowClick: (frame: T) => void;
  empty: ReactNode;
  /** Full screen: the table takes the rest of the screen. */
  full?: boolean;
}) {
  return (
    // Scrolls inside its own box: an update repaints that box, not the page.
    <TableContainer sx={p.full ? FULL_SX : BOX_SX}>
      {/* Styles on the table, not per cell: a new row costs no style work. */}
      <Table size="small" stickyHeader sx={{ ...TABLE_SX, minWidth: minWidth(p.columns) }}>
        <TableHead>
          <TableRow>
            {p.columns.map((c) => (
              <TableCell
                key={c.key}
                sx={{ width: c.width ?? WIDTH[c.key] ?? DATA_MIN }}
                title={typeof c.label === 'string' ? c.label : undefined}
              >
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={p.columns.length} align="center" sx={{ color: 'text.secondary' }}>
                {p.empty}
              </TableCell>
            </TableRow>
          ) : (
            p.rows.map((r) => <Row key={r.key} row={r} columns={p.columns} onClick={p.onRowClick} />)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
