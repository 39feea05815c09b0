/**
 * A web shell session's output, batched: what the terminal prints within 10 ms goes in one
 * message, and no message carries more than 16 KiB of UTF-8.
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

  constructor(private readonly send: (data: string) => void) {}

  push(text: string): void {
    this.pending += text;
    this.bytes += Buffer.byteLength(text);
    if (this.bytes >= MESSAGE_MAX_BYTES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.bytes = 0;
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
