/** A row of a live table: the frame plus a client-side key. */
export interface LiveRow<T> {
  key: number;
  frame: T;
}

/** Newest first, at most `limit` rows: `incoming` is in arrival order; the oldest rows fall off. */
export function prependNewest<T>(rows: LiveRow<T>[], incoming: LiveRow<T>[], limit: number): LiveRow<T>[] {
  if (incoming.length >= limit) return incoming.slice(-limit).reverse();
  const head = incoming.slice().reverse();
  return head.concat(rows.slice(0, limit - head.length));
}
