import type { AddressInfo } from 'node:net';
import { systemApi } from '@lns/contract/api/system';
import { C } from '@lns/contract/codes';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

describe('requests reaching a stopping server', () => {
  it('get the coded envelope (503, 1009, Retry-After), never a bare 503 or a 500', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${systemApi.version.path}`;
    const answers: { status: number; body: string; retryAfter: string | null }[] = [];
    let stop = false;
    // Keep-alive clients that go on sending while the server stops: a request read by a connection
    // after the stop began is refused, the others are answered or find the socket closed.
    const client = async () => {
      while (!stop) {
        try {
          const r = await fetch(url);
          answers.push({ status: r.status, body: await r.text(), retryAfter: r.headers.get('retry-after') });
        } catch {
          return;
        }
      }
    };
    const clients = Array.from({ length: 30 }, client);
    while (answers.length < 200) await new Promise((r) => setTimeout(r, 5));
    await t.close();
    stop = true;
    await Promise.all(clients);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.status).toBe(503);
      expect(JSON.parse(a.body)).toMatchObject({ code: C.BUSY });
      expect(a.retryAfter).toBe('1');
    }
  });
});
