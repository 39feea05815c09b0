import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './harness';

/** WebSocket clients of the stream tests. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${addr.port}`;
}

/** A client that collects text messages; `next()` awaits the next one. */
export class Client {
  readonly messages: string[] = [];
  private waiters: ((m: string) => void)[] = [];
  closed?: { code: number };
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = d.toString();
      const w = this.waiters.shift();
      if (w) w(m);
      else this.messages.push(m);
    });
    ws.on('close', (code) => {
      this.closed = { code };
    });
  }
  next(timeoutMs = 3000): Promise<string> {
    const m = this.messages.shift();
    if (m !== undefined) return Promise.resolve(m);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
      this.waiters.push((x) => {
        clearTimeout(timer);
        resolve(x);
      });
    });
  }
  async json(): Promise<any> {
    return JSON.parse(await this.next());
  }
}

/** Open a stream: resolves with the client once `ready` arrived, or with the HTTP status of a refusal. */
export function open(url: string, token?: string): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, token ? [token] : []);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', (e) => reject(e));
    ws.on('open', async () => {
      const c = new Client(ws);
      try {
        expect(await c.json()).toEqual({ kind: 'ready' });
        resolve(c);
      } catch (e) {
        reject(e);
      }
    });
  });
}

export async function client(url: string, token: string): Promise<Client> {
  const c = await open(url, token);
  if (typeof c === 'number') throw new Error(`refused with ${c}`);
  return c;
}

export const closedWith = (c: Client) =>
  new Promise<number>((resolve) => {
    if (c.closed) resolve(c.closed.code);
    else c.ws.on('close', (code) => resolve(code));
  });
