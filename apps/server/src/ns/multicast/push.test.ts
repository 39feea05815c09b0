import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import type { TestGateway } from '../../../test/gateway';
import { isPullResp, type PullResp } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { mcGroup } from '../../http/multicast/fixtures';

describe("a multicast group's push URL", () => {
  let t: TestApp;
  let gw: TestGateway;
  let token: string;
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(data) });
      res.end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t = await createTestApp({ PUSH_ALLOW_PRIVATE: 'true' });
    const { port } = await startDataPlane(t);
    token = (await t.userWithToken('mcpush-alice')).token;
    gw = await connectGateway(t, token, port, 'a840410000000f01');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('receives each multicast downlink’s status at URL + /multicast with the group’s headers', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const g = mcGroup(7, { pushUrls: [url], headers: { 'X-Token': 'abc' } });
    expect((await t.call(token, 'POST', '/api/mcgroup/create', g)).body.code).toBe(0);
    expect((await t.call(token, 'POST', '/api/mcgateway/create', { mcEUI: g.mcEUI, gwIDs: [gw.eui] })).body.code).toBe(
      0,
    );
    const resp = gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;
    const sent = await t.call(token, 'POST', '/api/mcdownlink/create', { mcEUI: g.mcEUI, fPort: 3, data: 'aa' });
    expect(sent.body.code).toBe(0);
    gw.txAck((await resp).token);
    await expect
      .poll(() => received.find((r) => r.body.status === 2), { timeout: 10_000 })
      .toMatchObject({
        path: '/hook/multicast',
        headers: { 'x-token': 'abc' },
        body: { type: 'downlink', mcEUI: g.mcEUI, msgID: sent.body.data.msgID, fCnt: 0, sentNums: 1, gatewayNums: 1 },
      });
    // "sent" and then "done", each with its own messageId.
    expect(received.map((r) => r.body.status).sort()).toEqual([1, 2]);
    expect(new Set(received.map((r) => r.body.messageId)).size).toBe(2);
  });
});
