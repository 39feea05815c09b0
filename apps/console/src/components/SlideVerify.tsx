import CheckIcon from '@mui/icons-material/Check';
import KeyboardDoubleArrowRightIcon from '@mui/icons-material/KeyboardDoubleArrowRight';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelBox } from './sliderLabel';

const HANDLE = 40;

/**
 * Slide-to-verify bar (delete confirmation): drag the handle to the end. Released early it
 * snaps back. `resetKey` changes → armed again; `disabled` blocks dragging.
 */
export function SlideVerify({
  onVerified,
  resetKey = 0,
  disabled = false,
  width = 300,
}: {
  onVerified: () => void;
  resetKey?: number;
  disabled?: boolean;
  width?: number;
}) {
  const { t } = useTranslation('widgets');
  const [x, setX] = useState(0);
  const [done, setDone] = useState(false);
  const start = useRef<number | null>(null);
  const max = width - HANDLE;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey re-arms
  useEffect(() => {
    setX(0);
    setDone(false);
  }, [resetKey]);

  const finish = () => {
    setX(max);
    setDone(true);
    onVerified();
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (done || disabled) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    start.current = e.clientX - x;
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setX(Math.max(0, Math.min(max, e.clientX - start.current)));
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const nx = Math.max(0, Math.min(max, e.clientX - start.current));
    start.current = null;
    if (nx >= max - 4) finish();
    else setX(0);
  };
  const key = (e: KeyboardEvent) => {
    if (!done && !disabled && (e.key === 'End' || e.key === 'Enter')) finish();
  };

  return (
    <Box
      data-testid="slide-verify"
      data-verified={done}
      sx={{
        position: 'relative',
        width,
        maxWidth: '100%',
        height: HANDLE,
        borderRadius: 1,
        bgcolor: 'grey.100',
        border: '1px solid',
        borderColor: done ? 'success.main' : 'grey.300',
        userSelect: 'none',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: x + HANDLE / 2,
          bgcolor: 'success.main',
          opacity: 0.2,
        }}
      />
      <Typography
        variant="body2"
        color={done ? 'success.dark' : 'text.secondary'}
        data-testid="slide-verify-label"
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
        {done ? t('slide.done') : t('slide.hint')}
      </Typography>
      <Box
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={t('slide.hint')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(x)}
        data-testid="slide-verify-handle"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => {
          start.current = null;
          if (!done) setX(0);
        }}
        onKeyDown={key}
        sx={{
          position: 'absolute',
          top: -1,
          left: x,
          width: HANDLE,
          height: HANDLE,
          borderRadius: 1,
          bgcolor: done ? 'success.main' : 'primary.main',
          color: 'white',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: done || disabled ? 'default' : 'grab',
          touchAction: 'none',
          transition: start.current === null ? 'left 150ms' : 'none',
        }}
      >
        {done ? <CheckIcon /> : <KeyboardDoubleArrowRightIcon />}
      </Box>
    </Box>
  );
}
