/**
 * A web shell session's output, batched: at most one message every 10 ms, none over 16 KiB of
 * UTF-8. After a quiet 10 ms the first output goes at once (a keystroke's echo does not wait);
 * what follows within the 10 ms goes together.
 */

export const BATCH_MS = 10;
export const MESSAGE_MAX_BYTES = 16 * 1024;

/** Pieces of at most `max` UTF-8 bytes, never cut inside a character (nor between a surrogate pair). */
export function splitUtf8(text: string, max = MESSAGE_MAX_BYTES): string[] {
  if (Buffer.byteLength(text) <= max) return [text];
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + size > max) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += units;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

export class OutputBatcher {
  private pending = '';
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(private readonly send: (data: string) => void) {}

  push(text: string): void {
    this.pending += text;
    this.bytes += Buffer.byteLength(text);
    if (this.bytes >= MESSAGE_MAX_BYTES) this.flush();
    else if (!this.timer) {
      // A zero wait still runs after this tick: the pieces a burst prints at once stay together.
      const wait = Math.max(0, this.lastSent + BATCH_MS - performance.now());
      this.timer = setTimeout(() => this.flush(), wait);
    }
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.bytes = 0;
    this.lastSent = performance.now();
    for (const piece of splitUtf8(text)) this.send(piece);
  }

  /** Forgets what was not sent (the session is over). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = '';
    this.bytes = 0;
  }
}
