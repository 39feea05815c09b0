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

  it('batches what comes within 10 ms into one message, and sends at once past 16 KiB', async () => {
    const sent: string[] = [];
    let first: () => void = () => {};
    const firstSent = new Promise<void>((resolve) => {
      first = resolve;
    });
    const b = new OutputBatcher((d) => {
      sent.push(d);
      first();
    });
    const start = performance.now();
    b.push('he');
    b.push('llo');
    expect(sent).toEqual([]);
    await firstSent;
    expect(performance.now() - start).toBeGreaterThanOrEqual(8);
    expect(sent).toEqual(['hello']);
    b.push('x'.repeat(MESSAGE_MAX_BYTES + 10));
    expect(sent.slice(1).map((s) => s.length)).toEqual([MESSAGE_MAX_BYTES, 10]);
    // Disposed: what was pending is never sent (a quiet 30 ms has no event to wait for).
    b.push('lost');
    b.dispose();
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toHaveLength(3);
  });
});
