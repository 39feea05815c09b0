import { ApiError } from '../../../lib/http';
import { codeMessage, refusalText } from '../../../lib/refusal';

export interface ItemRefusal {
  /** The refused gateway or device ('' when the server named none). */
  id: string;
  reason: string;
}

/**
 * Adding is all or none and the server stops at the first refused item, naming its EUI in the
 * message: that item with the code's words, or the refusal as a whole.
 */
export function addRefusals(e: unknown): ItemRefusal[] {
  if (!(e instanceof ApiError)) return [{ id: '', reason: String(e) }];
  const env = e.envelope ?? { code: e.code };
  const id = /\b[0-9a-f]{16}\b/i.exec(env.msg ?? '')?.[0]?.toLowerCase() ?? '';
  return [{ id, reason: id ? codeMessage(env.code) : refusalText(env) }];
}

/** An application's devices that did not join, each with the words of its code. */
export const skippedRefusals = (skipped: { devEUI: string; code: number }[]): ItemRefusal[] =>
  skipped.map((s) => ({ id: s.devEUI, reason: codeMessage(s.code) }));
