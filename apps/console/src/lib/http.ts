import { C } from '@lns/contract/code-names';
import type { Envelope } from '@lns/contract/envelope';
import { currentLocale, i18n } from './i18n';
import { codeMessage, refusalText } from './refusal';
import { session } from './session';
import { toast } from './toast';

/**
 * The console's HTTP transport (the typed client in lib/api.ts calls it). Every call carries `x-access-token` and `Accept-Language`, has no
 * timeout, and handles response codes (docs/product/console-behaviour.md): 0 is the result; otherwise the toast is
 * cleared first; 1001 shows its text with the request id; 1003/1004/2001 clear the session and
 * go to /login; 13002 marks the license invalid; any other code shows the translated code text
 * with the refused field's label (lib/refusal.ts: never the server's own message); a network or
 * HTTP failure without an envelope shows "server error". Failed calls reject with ApiError.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly envelope?: Envelope,
  ) {
    super(message);
  }
  get field(): string | undefined {
    return this.envelope?.field;
  }
}

const TO_LOGIN = new Set<number>([C.TOKEN_MISSING, C.TOKEN_INVALID, C.ACCOUNT_INVALID]);
/** Network failure: not a server code. */
export const NETWORK_ERROR = -1;

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /**
   * No toast for failures (the caller shows its own outcome): all of them, or only those with these
   * codes (an expected refusal the page shows; anything else still toasts). The redirects still happen.
   */
  silent?: boolean | readonly number[];
  /** Extra codes this call treats as results rather than errors. */
  accept?: readonly number[];
  /** false: a 1003/1004/2001 clears the session but does not navigate (the router guard does). */
  redirect?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let navigate: (to: string) => void = (to) => window.location.assign(to);
/** The router registers its navigate so redirects stay inside the SPA. */
export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

export function buildUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

export function headers(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': currentLocale(), ...extra };
  const token = session.token;
  if (token) h['x-access-token'] = token;
  return h;
}

export { codeMessage };

const quiet = (silent: RequestOptions['silent'], code: number): boolean =>
  silent === true || (Array.isArray(silent) && silent.includes(code));

/** Applies the code handling to an envelope; returns it when it is a result, throws ApiError otherwise. */
export function handleEnvelope<T>(
  env: Envelope<T>,
  opts: Pick<RequestOptions, 'silent' | 'accept' | 'redirect'> = {},
): Envelope<T> {
  const code = Number(env.code);
  if (code === C.OK || opts.accept?.includes(code)) return env;
  const silent = quiet(opts.silent, code);
  toast.clear();
  let text: string;
  if (code === C.SYSTEM_BUSY) {
    // The request id lets an operator find the failure in the server log.
    const id = env.requestId ? i18n.t('common:refusal.requestId', { id: env.requestId }) : undefined;
    text = id ? i18n.t('common:refusal.detail', { text: codeMessage(code), detail: id }) : codeMessage(code);
    if (!silent) toast.error(text);
  } else if (TO_LOGIN.has(code)) {
    text = codeMessage(code);
    session.clear();
    if (!silent) toast.error(text);
    if (opts.redirect !== false && window.location.pathname !== '/login') navigate('/login');
  } else {
    if (code === C.LICENSE_EXPIRED) session.markLicenseInvalid();
    text = refusalText(env);
    if (!silent) toast.error(text);
  }
  throw new ApiError(code, text, env);
}

/** A call that got no envelope: "server error" (unless silent), rejected with NETWORK_ERROR. */
export function networkFailure(silent?: RequestOptions['silent']): never {
  const text = i18n.t('errors:serverError');
  toast.clear();
  if (!quiet(silent, NETWORK_ERROR)) toast.error(text);
  throw new ApiError(NETWORK_ERROR, text);
}

async function parse<T>(res: Response): Promise<Envelope<T> | undefined> {
  try {
    const body = (await res.json()) as Envelope<T>;
    return body && typeof body === 'object' && 'code' in body ? body : undefined;
  } catch {
    return undefined;
  }
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers: headers({
        ...(opts.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...opts.headers,
      }),
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    return networkFailure(opts.silent);
  }
  // The envelope comes first; "server error" only when there is none.
  const env = await parse<T>(res);
  if (!env) return networkFailure(opts.silent);
  return handleEnvelope(env, opts);
}

/**
 * Multipart upload with progress (XMLHttpRequest: fetch has no upload progress). Same code
 * handling as `request`; `accept` lets the caller treat e.g. 6002 as a result.
 */
export function upload<T = unknown>(
  path: string,
  form: FormData,
  opts: { onProgress?: (percent: number) => void; accept?: readonly number[]; silent?: boolean } = {},
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    const fail = () => {
      try {
        networkFailure(opts.silent);
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = fail;
    xhr.onload = () => {
      let env: Envelope<T> | undefined;
      try {
        env = JSON.parse(xhr.responseText);
      } catch {}
      if (!env || typeof env !== 'object' || !('code' in env)) return fail();
      try {
        resolve(handleEnvelope(env, opts));
      } catch (e) {
        reject(e);
      }
    };
    xhr.send(form);
  });
}
