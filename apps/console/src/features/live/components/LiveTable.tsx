import { LIVE_ROW_CHOICES, type SocketState, type StreamMessage } from '@lns/contract/streams';
import ClearIcon from '@mui/icons-material/ClearAll';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrameColumn } from '../../../components/frames/columns';
import { JsonViewerDialog } from '../../../components/JsonViewerDialog';
import { useLiveStream } from '../useLiveStream';
import { LiveRows } from './LiveRows';

export interface LiveTableProps<T> {
  title: ReactNode;
  /** Stream path (STREAMS.*) and its query; null while the page lacks it. */
  path: string;
  query: Record<string, string | number> | null;
  /** The frame a message carries for this table, or undefined to skip it. */
  accept: (m: StreamMessage) => T | undefined;
  columns: FrameColumn<T>[];
  /** Full frame for the detail tree (the datainfo call); the streamed frame is shown if it fails. */
  loadDetail?: (frame: T) => Promise<unknown>;
}

const PAPER_SX = {
  p: 1.5,
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  bgcolor: 'background.paper',
  overflow: 'auto',
} as const;

const STATE_COLOR: Record<SocketState, 'warning' | 'success' | 'default'> = {
  0: 'warning',
  1: 'success',
  2: 'warning',
  3: 'default',
};

/**
 * The live table of every live page: start/stop (stop closes, start reconnects), clear, full
 * screen, 10–50 rows (default 30), newest first, the socket state, frames the server dropped,
 * and a JSON tree of the full frame on a row click.
 */
export function LiveTable<T>(p: LiveTableProps<T>) {
  const { t } = useTranslation('live');
  const live = useLiveStream(p.path, p.query, p.accept);
  const box = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const [detail, setDetail] = useState<{ data: unknown } | null>(null);

  useEffect(() => {
    const on = () => setFull(document.fullscreenElement === box.current && box.current !== null);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);

  const toggleFull = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.();
  }, []);

  const loadDetail = useRef(p.loadDetail);
  loadDetail.current = p.loadDetail;
  // Stable, so shown rows are not re-rendered when new ones arrive.
  const open = useCallback(async (frame: T) => {
    setDetail({ data: frame });
    const load = loadDetail.current;
    if (!load) return;
    try {
      const full = await load(frame);
      if (full) setDetail((d) => (d ? { data: full } : d));
    } catch {
      // The toast already told; the streamed frame stays shown.
    }
  }, []);

  return (
    <Paper ref={box} variant="outlined" data-testid="live-table" sx={PAPER_SX}>
      <LiveToolbar
        title={p.title}
        state={live.state}
        dropped={live.dropped}
        switchedOff={live.switchedOff}
        limit={live.limit}
        running={live.running}
        full={full}
        setLimit={live.setLimit}
        start={live.start}
        stop={live.stop}
        clear={live.clear}
        toggleFull={toggleFull}
      />
      <LiveRows columns={p.columns} rows={live.rows} onRowClick={open} empty={t('empty')} full={full} />
      <JsonViewerDialog
        open={detail !== null}
        onClose={() => setDetail(null)}
        data={detail?.data}
        title={t('detail')}
      />
    </Paper>
  );
}

interface ToolbarProps {
  title: ReactNode;
  state: SocketState;
  dropped: number;
  switchedOff: boolean;
  limit: number;
  running: boolean;
  full: boolean;
  setLimit(n: number): void;
  start(): void;
  stop(): void;
  clear(): void;
  toggleFull(): void;
}

// Re-renders only when its own props change, not with every batch of rows.
const LiveToolbar = memo(function LiveToolbar(p: ToolbarProps) {
  const { t } = useTranslation('live');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" fontWeight={600} sx={{ flexGrow: 1 }}>
        {p.title}
      </Typography>
      <Chip
        size="small"
        color={STATE_COLOR[p.state]}
        label={t(`state.${p.state}`)}
        data-testid="socket-state"
        data-state={p.state}
      />
      {p.switchedOff && <Chip size="small" color="warning" label={t('switchedOff')} data-testid="live-switched-off" />}
      {p.dropped > 0 && (
        <Chip size="small" color="warning" label={t('dropped', { count: p.dropped })} data-testid="dropped" />
      )}
      <TextField
        select
        size="small"
        label={t('rows')}
        value={p.limit}
        onChange={(e) => p.setLimit(Number(e.target.value))}
        sx={{ width: 96 }}
        slotProps={{ htmlInput: { 'data-testid': 'row-count' } }}
      >
        {LIVE_ROW_CHOICES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      {p.running ? (
        <Button size="small" variant="outlined" startIcon={<PauseIcon />} onClick={p.stop}>
          {t('stop')}
        </Button>
      ) : (
        <Button size="small" variant="contained" startIcon={<PlayIcon />} onClick={p.start}>
          {t('start')}
        </Button>
      )}
      <Button size="small" startIcon={<ClearIcon />} onClick={p.clear}>
        {t('clear')}
      </Button>
      <Button size="small" startIcon={p.full ? <FullscreenExitIcon /> : <FullscreenIcon />} onClick={p.toggleFull}>
        {p.full ? t('exitFullscreen') : t('fullscreen')}
      </Button>
    </Box>
  );
});
