import { SHELL_DEFAULT_SIZE, SHELL_SIZE_LIMITS } from '@lns/contract/gateway-commands';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';

/**
 * The only module that imports xterm.js: the shell page's chunk is the only one that pulls it
 * (and its CSS), and component tests replace this module with a fake terminal.
 */
export interface TermSize {
  cols: number;
  rows: number;
}

export interface ShellTerm {
  /** What the gateway's terminal printed. */
  write(data: string): void;
  /** A dim line of the console's own (reconnecting…, why a session ended), never from the gateway. */
  notice(text: string): void;
  focus(): void;
  size(): TermSize;
  /** Fits the columns to the host's width; the rows stay SHELL_DEFAULT_SIZE.rows. */
  fit(): void;
  dispose(): void;
}

export interface TermEvents {
  /** Keys as typed (Ctrl-C is \u0003) and pasted text. */
  onData(data: string): void;
  onResize(size: TermSize): void;
}

/**
 * Latin monospace first; Chinese falls back to Noto Sans Mono CJK SC, which xterm lays out over
 * two cells, so columns stay aligned.
 */
export const TERMINAL_FONTS =
  'Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", monospace';

const clamp = (n: number, [min, max]: readonly [number, number]) => Math.min(max, Math.max(min, n));

export function createTerminal(host: HTMLElement, events: TermEvents): ShellTerm {
  const term = new Terminal({
    cols: SHELL_DEFAULT_SIZE.cols,
    rows: SHELL_DEFAULT_SIZE.rows,
    fontFamily: TERMINAL_FONTS,
    fontSize: 14,
    // At 1.0 the rows are as tall as the glyphs' box and an underscore falls outside it (unseen).
    lineHeight: 1.2,
    cursorBlink: true,
    scrollback: 5000,
    theme: { background: '#1e1e1e', foreground: '#e6e6e6' },
  });
  const fitter = new FitAddon();
  term.loadAddon(fitter);
  term.open(host);
  term.onData(events.onData);
  term.onResize(({ cols, rows }) => events.onResize({ cols, rows }));
  return {
    write: (data) => term.write(data),
    notice: (text) => term.write(`\r\n\x1b[2m${text}\x1b[22m\r\n`),
    focus: () => term.focus(),
    size: () => ({ cols: term.cols, rows: term.rows }),
    fit() {
      // Undefined while the host is hidden or not laid out: keep the size it has.
      const d = fitter.proposeDimensions();
      if (!d || !Number.isFinite(d.cols)) return;
      const cols = clamp(d.cols, SHELL_SIZE_LIMITS.cols);
      if (cols !== term.cols) term.resize(cols, SHELL_DEFAULT_SIZE.rows);
    },
    dispose: () => term.dispose(),
  };
}
