import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_BYTES, OutputBatcher, splitUtf8 } from './output';

describe('shell output', () => {
  it('splits into pieces of at most the limit in UTF-8 bytes, never inside a character', () => {
    const text = `a${'你'.repeat(10)}😀😀b`;
    const pieces = splitUtf8(text, 7);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) {
      expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7);
      expect(p).not.toMatch(/[\uD800-\uDBFF]$/); // no half of a surrogate pair left at the end
    }
    expect(splitUtf8('short')).toEqual(['short']);
  });

  it('sends the first output after a quiet spell at once, then at most one message every 10 ms', async () => {
    const sent: string[] = [];
    let onSend: () => void = () => {};
    const next = () =>
      new Promise<void>((resolve) => {
        onSend = resolve;
      });
    const b = new OutputBatcher((d) => {
      sent.push(d);
      onSend();
    });
    // What a burst prints in one tick goes together, on the next tick.
    let sentNow = next();
    b.push('he');
    b.push('llo');
    expect(sent).toEqual([]);
    await sentNow;
    expect(sent).toEqual(['hello']);
    // Within 10 ms of that message: the next waits for the rest of the 10 ms.
    const start = performance.now();
    sentNow = next();
    b.push(' world');
    await sentNow;
    expect(performance.now() - start).toBeGreaterThanOrEqual(7);
    expect(sent).toEqual(['hello', ' world']);
    b.push('x'.repeat(MESSAGE_MAX_BYTES + 10));
    expect(sent.slice(2).map((s) => s.length)).toEqual([MESSAGE_MAX_BYTES, 10]);
    // Disposed: what was pending is never sent (a quiet 30 ms has no event to wait for).
    b.push('lost');
    b.dispose();
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toHaveLength(4);
  });
});
