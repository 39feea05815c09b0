import type { CaptchaChallenge } from '@lns/contract/auth';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelBox } from '../../components/sliderLabel';
import { checkCaptcha, fetchCaptcha } from './api';

type State = 'idle' | 'dragging' | 'checking' | 'success' | 'error';
const HANDLE = 44;

/**
 * The server's slide puzzle: drag the handle, the piece moves with it at top = y; on release
 * the x and the drag track are checked and a pass yields a ticket (sent as `digest` at login).
 * An error refreshes the puzzle after 0.4 s. `resetKey` changes → new puzzle.
 */
export function CaptchaSlider({
  onTicket,
  resetKey = 0,
}: {
  onTicket: (ticket: string | null) => void;
  resetKey?: number;
}) {
  const { t } = useTranslation('login');
  const [ch, setCh] = useState<CaptchaChallenge | null>(null);
  const [x, setX] = useState(0);
  const [state, setState] = useState<State>('idle');
  const drag = useRef<{ startX: number; t0: number; track: [number, number, number][] } | null>(null);

  const load = useCallback(async () => {
    setX(0);
    setState('idle');
    onTicket(null);
    try {
      setCh(await fetchCaptcha());
    } catch {
      setCh(null);
    }
  }, [onTicket]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey asks for a new puzzle
  useEffect(() => {
    void load();
  }, [load, resetKey]);

  const width = ch?.width ?? 310;
  const maxX = width - (ch?.pieceSize ?? 50);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!ch || state === 'checking' || state === 'success') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, t0: performance.now(), track: [[0, 0, 0]] };
    setState('dragging');
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const nx = Math.max(0, Math.min(maxX, e.clientX - d.startX));
    d.track.push([Math.round(nx), Math.round(e.clientY), Math.round(performance.now() - d.t0)]);
    setX(nx);
  };
  const onUp = async () => {
    const d = drag.current;
    drag.current = null;
    if (!d || !ch) return;
    setState('checking');
    try {
      const r = await checkCaptcha({ id: ch.id, x: Math.round(x), track: d.track });
      setState('success');
      onTicket(r.ticket);
    } catch {
      setState('error');
      onTicket(null);
      setTimeout(() => void load(), 400);
    }
  };

  const colour = state === 'success' ? 'success.main' : state === 'error' ? 'error.main' : 'primary.main';
  return (
    <Box sx={{ width, maxWidth: '100%', userSelect: 'none' }} data-testid="captcha">
      <Box sx={{ position: 'relative', width, height: ch?.height ?? 160, borderRadius: 1, overflow: 'hidden' }}>
        {ch ? (
          <>
            <img
              src={ch.background}
              alt=""
              width={ch.width}
              height={ch.height}
              draggable={false}
              data-testid="captcha-bg"
              style={{ display: 'block' }}
            />
            <img
              src={ch.piece}
              alt=""
              width={ch.pieceSize}
              height={ch.pieceSize}
              draggable={false}
              data-testid="captcha-piece"
              style={{ position: 'absolute', top: ch.y, left: x, filter: 'drop-shadow(0 0 3px rgba(0,0,0,.6))' }}
            />
          </>
        ) : (
          <Skeleton variant="rectangular" width={width} height={160} />
        )}
        <IconButton
          size="small"
          onClick={() => void load()}
          aria-label={t('captcha.refresh')}
          sx={{
            position: 'absolute',
            top: 4,
            right: 4,
            bgcolor: 'rgba(255,255,255,.7)',
            '&:hover': { bgcolor: 'white' },
          }}
        >
          <RefreshIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        sx={{
          position: 'relative',
          mt: 1,
          height: HANDLE,
          borderRadius: 1,
          bgcolor: 'grey.100',
          border: '1px solid',
          borderColor: state === 'error' ? 'error.main' : 'grey.300',
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            left: 0,
            top: 0,
            bottom: 0,
            width: x + HANDLE / 2,
            bgcolor: colour,
            opacity: 0.15,
          }}
        />
        <Typography
          variant="body2"
          color={state === 'error' ? 'error' : state === 'success' ? 'success.dark' : 'text.secondary'}
          data-testid="captcha-label"
          noWrap
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            ...labelBox(x, HANDLE, width),
            px: 0.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          {state === 'success'
            ? t('captcha.success')
            : state === 'error'
              ? t('captcha.error')
              : x === 0
                ? t('captcha.hint')
                : ''}
        </Typography>
        <Box
          role="slider"
          aria-label={t('captcha.hint')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          tabIndex={0}
          data-testid="captcha-handle"
          data-state={state}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
          sx={{
            position: 'absolute',
            top: -1,
            left: x,
            width: HANDLE,
            height: HANDLE,
            borderRadius: 1,
            bgcolor: colour,
            color: 'white',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: state === 'success' ? 'default' : 'grab',
            touchAction: 'none',
            boxShadow: 1,
          }}
        >
          {state === 'success' ? <CheckIcon /> : state === 'error' ? <CloseIcon /> : <ArrowForwardIcon />}
        </Box>
      </Box>
    </Box>
  );
}
