/** The few REST calls the simulator needs, with the server's envelope { code, msg, data }. */
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
    const res = await this.raw<unknown>('POST', '/api/login', {
      name: this.o.user ?? 'admin',
      password: this.o.password ?? '',
    });
    if (res.code !== 0 || !res.token)
      throw new ApiError(
        res.code,
        `sign-in as ${this.o.user ?? 'admin'} failed (${res.code} ${res.msg ?? ''}); start the server with LOGIN_CAPTCHA=false or pass --token <API token>`,
      );
    this.token = res.token;
  }

  /** The data of a successful call; throws ApiError with the server's code otherwise. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const res = await this.raw<T>(method, path, body);
    if (res.code !== 0) throw new ApiError(res.code, `${method} ${path}: ${res.code} ${res.msg ?? ''}`.trim());
    return res.data as T;
  }

  /** Like call, but a refusal comes back as { code } instead of an exception. */
  async attempt<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
    return this.raw<T>(method, path, body);
  }

  private async raw<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Envelope<T>> {
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
