import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenPushHeader } from '@lns/contract/applications';
import { type PushAddressPolicy, PushBlockedError } from './address-policy';

/**
 * One push request through the address policy: an IP literal is checked as written, a name is
 * resolved and checked by the policy's lookup, and the connection goes to the checked address.
 * Redirects are not followed. Resolves to the HTTP status.
 */
export class PushClient {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly policy: PushAddressPolicy) {}

  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
    return new Promise((resolve, reject) => {
      const u = new URL(url);
      const host = u.hostname.replace(/^\[|\]$/g, '');
      const why = isIP(host) ? this.policy.refusal(host) : null;
      if (why) return reject(new PushBlockedError(why));
      const protocol = u.protocol as 'http:' | 'https:';
      const mod = protocol === 'https:' ? https : http;
      const req = mod.request(
        u,
        {
          method: 'POST',
          agent: this.agents[protocol],
          lookup: this.policy.lookup,
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'lns-push/4',
            // Headers saved before they were refused on save are left out here too.
            ...Object.fromEntries(Object.entries(headers).filter(([k]) => !isForbiddenPushHeader(k))),
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

/** The outcome of one HTTP push request. */
export interface PostResult {
  result: 'ok' | 'http_error' | 'network_error' | 'timeout' | 'blocked';
  /** For messages: "HTTP 503", "no answer within 5000 ms", the network error or the refusal. */
  detail: string;
  /** False when a retry cannot change the answer (4xx other than 408 and 429; a refused address). */
  retry: boolean;
}

/**
 * POSTs a JSON body through the address policy with the message id in `X-Message-Id`
 * (receivers de-duplicate on it: a message is sent again when its answer was lost). Never throws.
 */
export async function postJson(
  client: PushClient,
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
    const status = await client.post(url, { ...headers, 'x-message-id': messageId }, body, abort.signal);
    const ok = status >= 200 && status < 300;
    return {
      result: ok ? 'ok' : 'http_error',
      detail: `HTTP ${status}`,
      retry: status >= 500 || status === 408 || status === 429,
    };
  } catch (err) {
    if (err instanceof PushBlockedError) return { result: 'blocked', detail: err.message, retry: false };
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
