import type { DataOf, EndpointDef, InputOf, RefusalOf, ResponseOf, RowOf } from '@lns/contract/endpoint';
import type { Envelope } from '@lns/contract/envelope';
import { fillPath, type Route } from '@lns/contract/route';
import {
  ApiError,
  buildUrl,
  handleEnvelope,
  headers,
  networkFailure,
  type RequestOptions,
  request,
  upload,
} from './http';

export type { InputOf };

type Opts = Omit<RequestOptions, 'query' | 'body'>;
type Query = NonNullable<RequestOptions['query']>;

/**
 * An endpoint named by its method and path alone (the contract's api/*-routes.ts), typed as the
 * endpoint `E`: the entry chunk and the login page call through these, so they load without zod
 * and the schemas. `endpoint` is never set; it only carries the type.
 */
export interface RouteOf<E extends EndpointDef> extends Pick<E, 'method' | 'path'> {
  readonly endpoint?: E;
}
type Target<E extends EndpointDef> = E | RouteOf<E>;

/** Endpoints a route can stand for: filling path parameters needs the endpoint's `params`. */
type Routable<A> = { [K in keyof A]: A[K] extends { params: unknown } ? never : K }[keyof A];

/** An area's routes typed as its endpoints (`typeof authApi`): each must have its endpoint's method and path. */
export const routesOf = <A extends Record<string, EndpointDef>>(
  routes: {
    [K in Routable<A>]: Pick<A[K], 'method' | 'path'>;
  },
) => routes as { [K in Routable<A>]: RouteOf<A[K]> };

/** In development and tests every answer is checked against the contract: drift fails loudly. */
const CHECK_RESPONSES = import.meta.env.DEV;

async function checked<E extends EndpointDef>(e: Target<E>, env: Envelope): Promise<ResponseOf<E>> {
  if (CHECK_RESPONSES && env.code === 0) {
    const def = 'response' in e ? e : await declaredEndpoint(e);
    const r = def.response === 'file' ? undefined : def.response.safeParse(env);
    if (r && !r.success) {
      const where = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      throw new Error(`${e.method} ${e.path} answered outside its contract: ${where}`);
    }
  }
  return env as ResponseOf<E>;
}

/** The declaration behind a route, to check its answers (development and tests only: it loads every schema). */
async function declaredEndpoint(r: Route): Promise<EndpointDef> {
  const { API } = await import('@lns/contract/api/index');
  const all: EndpointDef[] = Object.values(API).flatMap((area) => Object.values(area));
  const e = all.find((d) => d.method === r.method && d.path === r.path);
  if (!e) throw new Error(`${r.method} ${r.path} is not a contract endpoint`);
  return e;
}

async function call<E extends EndpointDef>(e: Target<E>, input: InputOf<E>, opts: Opts = {}): Promise<ResponseOf<E>> {
  const { path, rest } = fillPath(e, input);
  const env =
    e.method === 'GET'
      ? await request(e.method, path, { ...opts, query: rest as Query | undefined })
      : await request(e.method, path, { ...opts, body: rest ?? {} });
  return checked(e, env);
}

/**
 * The console's typed API client: every call names a contract endpoint, so the path, the
 * argument and the result types come from one declaration (packages/contract).
 */
export const api = {
  /** The whole envelope (for callers that read `code` or `amount` themselves). */
  envelope: call,
  /** `data` of the envelope. */
  data: <E extends EndpointDef>(e: Target<E>, input: InputOf<E>, opts?: Opts) =>
    call(e, input, opts).then((env) => (env as { data?: unknown }).data as DataOf<E>),
  /** A list call: its rows and `amount`. */
  list: <E extends EndpointDef>(e: Target<E>, input: InputOf<E>, opts?: Opts) =>
    call(e, input, opts).then((env) => {
      const { data, amount } = env as { data?: RowOf<E>[]; amount?: number };
      return { rows: data ?? [], amount: amount ?? 0 };
    }),
  /** Multipart upload with progress; same code handling as every call. */
  upload: <E extends EndpointDef>(
    e: Target<E>,
    form: FormData,
    opts?: { onProgress?: (percent: number) => void; accept?: readonly number[]; silent?: boolean },
  ) => upload(e.path, form, opts).then((env) => checked(e, env)),
  /**
   * A file answer saved by the browser; an envelope instead of the file is a refusal, and an
   * answer that is neither (or none) is "server error".
   */
  download: async <E extends EndpointDef>(e: Target<E>, input: InputOf<E>, fallbackName: string): Promise<void> => {
    const get = e.method === 'GET';
    const { path, rest } = fillPath(e, input);
    const res = await fetch(buildUrl(path, get ? (rest as Query | undefined) : undefined), {
      method: e.method,
      headers: headers(get ? {} : { 'Content-Type': 'application/json' }),
      body: get ? undefined : JSON.stringify(rest ?? {}),
    }).catch(() => networkFailure());
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      handleEnvelope(await res.json());
      return;
    }
    if (!res.ok) networkFailure();
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    // Revoked later: some browsers read the blob after click() returns.
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  },
};

/** `data` of a refused call, typed by the endpoint's `refusal` schema (undefined for other errors). */
export function refusalOf<E extends EndpointDef>(_e: E, err: unknown): RefusalOf<E> | undefined {
  return err instanceof ApiError ? (err.envelope?.data as RefusalOf<E> | undefined) : undefined;
}
