/**
 * JSON.parse for untrusted input with its shape bounded before anything uses it: a nesting depth
 * and a byte size. A value nested thousands deep parses fine but makes every later recursive
 * walk (JSON.stringify on the history write, structured clone, loggers) overflow the stack, so
 * it is refused here, on a linear scan that never recurses.
 */
export class JsonBoundsError extends Error {}

/** Deepest nesting of arrays/objects in `text` (strings skipped), stopping early past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

export function parseBoundedJson(text: string, bounds: { maxDepth: number; maxBytes: number }): unknown {
  if (text.length > bounds.maxBytes) throw new JsonBoundsError(`JSON longer than ${bounds.maxBytes} bytes`);
  if (jsonDepth(text, bounds.maxDepth) > bounds.maxDepth)
    throw new JsonBoundsError(`JSON nested deeper than ${bounds.maxDepth}`);
  return JSON.parse(text);
}
