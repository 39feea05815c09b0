/** The outcome of one HTTP push request. */
export interface PostResult {
  result: 'ok' | 'http_error' | 'network_error' | 'timeout';
  /** For messages: "HTTP 503", "no answer within 5000 ms", the network error. */
  detail: string;
  /** False when a retry cannot change the answer (4xx other than 408 and 429). */
  retry: boolean;
}

/**
 * POSTs a JSON body with the message id in `X-Message-Id` (receivers de-duplicate on it: a
 * message is sent again when its answer was lost). Never throws.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  messageId: string,
  timeoutMs: number,
  aborts: Set<AbortController>,
): Promise<PostResult> {
  const abort = new AbortController();
  aborts.add(abort);
  const timer = setTimeout(() => abort.abort(new Error('timeout')), timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'lns-push/4',
        ...headers,
        'x-message-id': messageId,
      },
      body,
      signal: abort.signal,
      redirect: 'manual',
    });
    await res.arrayBuffer().catch(() => undefined);
    return {
      result: res.ok ? 'ok' : 'http_error',
      detail: `HTTP ${res.status}`,
      retry: res.status >= 500 || res.status === 408 || res.status === 429,
    };
  } catch (err) {
    return abort.signal.aborted
      ? { result: 'timeout', detail: `no answer within ${timeoutMs} ms`, retry: true }
      : {
          result: 'network_error',
          detail: String((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message),
          retry: true,
        };
  } finally {
    clearTimeout(timer);
    aborts.delete(abort);
  }
}
