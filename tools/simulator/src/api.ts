import { authApi } from '@lns/contract/api/auth';
import { C } from '@lns/contract/codes';
import { type DataOf, type EndpointDef, fillPath, type InputOf } from '@lns/contract/endpoint';

/** The few REST calls the simulator needs, by their contract endpoints; the envelope is { code, msg, data }. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  url: string;
  /** An API token (lns_...) or a session token; otherwise user + password sign in. */
  token?: string;
  user?: string;
  password?: string;
}

interface Envelope<T> {
  code: number;
  msg?: string;
  data?: T;
  token?: string;
  field?: string;
}

export class Api {
  private token: string | undefined;
  private readonly base: string;

  constructor(private readonly o: ApiOptions) {
    this.base = o.url.replace(/\/+$/, '');
    this.token = o.token;
  }

  async signIn(): Promise<void> {
    if (this.token) return;
    if (!this.o.password)
      throw new ApiError(
        -1,
        `no password for ${this.o.user ?? 'admin'}: set LNS_PASSWORD, or --data-dir <the server's DATA_DIR> to read its initial-admin-password, or pass --token <API token>`,
      );
    const res = await this.raw<unknown>(authApi.login, {
      name: this.o.user ?? 'admin',
      password: this.o.password ?? '',
    });
    if (res.code !== 0 || !res.token) throw new ApiError(res.code, signInFailure(this.o.user ?? 'admin', res));
    this.token = res.token;
  }

  /** The data of a successful call; throws ApiError with the server's code otherwise. */
  async call<E extends EndpointDef>(e: E, input: InputOf<E>): Promise<DataOf<E>> {
    const res = await this.raw<DataOf<E>>(e, input);
    if (res.code !== 0) throw new ApiError(res.code, `${e.method} ${e.path}: ${res.code} ${res.msg ?? ''}`.trim());
    return res.data as DataOf<E>;
  }

  /** Like call, but a refusal comes back as { code } instead of an exception. */
  async attempt<E extends EndpointDef>(e: E, input: InputOf<E>) {
    return this.raw<DataOf<E>>(e, input);
  }

  private async raw<T>(e: EndpointDef, input: unknown): Promise<Envelope<T>> {
    const { method } = e;
    const { path, rest } = fillPath(e, input);
    const body = rest as Record<string, unknown> | undefined;
    let url = `${this.base}${path}`;
    const headers: Record<string, string> = {};
    if (this.token) headers['x-access-token'] = this.token;
    let payload: string | undefined;
    if (method === 'GET' && body) url += `?${new URLSearchParams(body as Record<string, string>)}`;
    else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: payload });
    } catch (err) {
      throw new ApiError(-1, `cannot reach ${this.base}: ${(err as Error & { cause?: Error }).cause?.message ?? err}`);
    }
    const text = await res.text();
    try {
      return JSON.parse(text) as Envelope<T>;
    } catch {
      throw new ApiError(-1, `${method} ${path}: HTTP ${res.status} without an envelope`);
    }
  }
}

/** The real reason a sign-in failed, and what to do about it. */
export function signInFailure(user: string, res: { code: number; msg?: string; field?: string }): string {
  const why =
    res.code === C.WRONG_CREDENTIALS
      ? `wrong password for ${user}: give it with LNS_PASSWORD, --data-dir (the server's initial-admin-password file) or pass --token <API token>`
      : res.code === C.PARAM_FORMAT && res.field === 'digest'
        ? 'the server asks for the login captcha: start it with LOGIN_CAPTCHA=false, or pass --token <API token>'
        : res.code === C.SIGN_IN_THROTTLED
          ? 'too many failed sign-ins from this address: wait a minute'
          : `${res.code} ${res.msg ?? ''}`.trim();
  return `sign-in as ${user} failed: ${why}`;
}
