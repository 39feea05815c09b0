import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Range } from './DateTimeRangePicker';

// The date pickers load only when a card shows a range.
const DateTimeRangePicker = lazy(() =>
  import('./DateTimeRangePicker').then((m) => ({ default: m.DateTimeRangePicker })),
);

export type CardAction = 'download' | 'delete' | 'update' | 'refresh';

export interface CardPanelProps {
  title: ReactNode;
  children?: ReactNode;
  /** Permitted actions: their buttons are enabled; the others are shown disabled when a handler exists. */
  actions?: readonly CardAction[];
  onDownload?: () => void;
  onDelete?: () => void;
  onUpdate?: () => void;
  onRefresh?: () => void;
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  /** Optional time range in the header. */
  range?: { value: Range; onChange: (r: Range) => void; maxSpanDays?: number };
  /** Extra header content (e.g. filters). */
  extra?: ReactNode;
  'data-testid'?: string;
}

/** Card with a title, optional time range and download/delete/update/refresh/collapse buttons. */
export function CardPanel(p: CardPanelProps) {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(p.defaultCollapsed ?? false);
  const permitted = new Set(p.actions ?? []);
  const btn = (action: CardAction, handler: (() => void) | undefined, icon: ReactNode, label: string) =>
    handler ? (
      <Tooltip title={label} key={action}>
        <span>
          <IconButton size="small" aria-label={label} disabled={!permitted.has(action)} onClick={handler}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    ) : null;
  return (
    <Card variant="outlined" data-testid={p['data-testid']}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1 }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ flexGrow: 1 }}>
          {p.title}
        </Typography>
        {p.extra}
        {p.range && (
          <Suspense>
            <DateTimeRangePicker value={p.range.value} onChange={p.range.onChange} maxSpanDays={p.range.maxSpanDays} />
          </Suspense>
        )}
        {btn('download', p.onDownload, <DownloadIcon fontSize="small" />, t('download'))}
        {btn('update', p.onUpdate, <EditIcon fontSize="small" />, t('update'))}
        {btn('delete', p.onDelete, <DeleteIcon fontSize="small" />, t('delete'))}
        {btn('refresh', p.onRefresh, <RefreshIcon fontSize="small" />, t('refresh'))}
        {p.collapsible && (
          <IconButton
            size="small"
            aria-label={collapsed ? t('expand') : t('collapse')}
            onClick={() => setCollapsed((c) => !c)}
          >
            {collapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
          </IconButton>
        )}
      </Box>
      <Collapse in={!collapsed}>
        <Divider />
        <CardContent>{p.children}</CardContent>
      </Collapse>
    </Card>
  );
}
