import Box from '@mui/material/Box';
import { type RefObject, useEffect, useRef } from 'react';
import { createTerminal, type ShellTerm, type TermEvents } from '../terminal';

export interface ShellTerminalProps extends TermEvents {
  /** Filled while mounted: the page writes the session's output through it. */
  termRef: RefObject<ShellTerm | null>;
}

/**
 * The xterm.js terminal. Its columns follow the host's width (window resizes, the side menu
 * folding), so a 390 px screen gets fewer columns rather than a cut-off line; the size change
 * reaches the gateway through onResize.
 */
export function ShellTerminal({ termRef, onData, onResize }: ShellTerminalProps) {
  const host = useRef<HTMLDivElement>(null);
  // The terminal is created once; the latest handlers are read at call time.
  const events = useRef<TermEvents>({ onData, onResize });
  events.current = { onData, onResize };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const term = createTerminal(el, {
      onData: (d) => events.current.onData(d),
      onResize: (s) => events.current.onResize(s),
    });
    termRef.current = term;
    term.fit();
    let frame = 0;
    // One fit per animation frame however many resize notices arrive.
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => term.fit());
    };
    window.addEventListener('resize', refit);
    const seen = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(refit);
    seen?.observe(el);
    return () => {
      window.removeEventListener('resize', refit);
      seen?.disconnect();
      cancelAnimationFrame(frame);
      termRef.current = null;
      term.dispose();
    };
  }, [termRef]);

  return (
    <Box
      sx={{ bgcolor: '#1e1e1e', borderRadius: 1, p: 1, minWidth: 0, overflowX: 'auto' }}
      onClick={() => termRef.current?.focus()}
    >
      <Box ref={host} data-testid="shell-terminal" sx={{ width: '100%', minWidth: 0 }} />
    </Box>
  );
}
