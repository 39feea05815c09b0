import { buildPushData, DATAGRAM_LIMITS } from '@lns/semtech-udp/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, metric, settle, startDataPlane } from '../../test/dataplane-kit';
import type { TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import type { DataPlane } from '../ns/dataplane';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const pushWithBody = (eui: string, body: string) =>
  Buffer.concat([buildPushData(2, 7, eui, {}).subarray(0, 12), Buffer.from(body)]);

describe('Semtech UDP: hostile datagrams from a registered gateway', () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let gw: TestGateway;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '20', GATEWAY_MAX_UPLINKS_PER_S: '100' });
    let port: number;
    ({ dp, port } = await startDataPlane(t));
    token = (await t.userWithToken('hostile-user')).token;
    gw = await connectGateway(t, token, port, 'b827ebfffe00a001');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('refuses a stat nested 30,000 deep, keeps serving, and stores the next plain stat', async () => {
    const malformed = await metric(t, 'lns_udp_malformed_total');
    gw.raw(pushWithBody(gw.eui, `{"stat":{"x":${nested(30_000)}}}`));
    gw.raw(
      pushWithBody(
        gw.eui,
        `{"rxpk":[{"tmst":1,"freq":868.1,"rssi":-1,"datr":"SF7BW125","data":"QA==","x":${nested(9000)}}]}`,
      ),
    );
    // The next, ordinary stat report goes through and is stored; the server answers HTTP meanwhile.
    const ack = gw.push([], { time: '2026-11-23 10:00:00 GMT', rxnb: 3, temp: 41.5, extra: { deep: [[1]] } } as never);
    await gw.waitFor((d) => d.kind === 'PUSH_ACK' && d.token === ack, 3000, true);
    await settle(dp);
    expect((await metric(t, 'lns_udp_malformed_total')) - malformed).toBe(2);
    const res = await t.call(token, 'GET', '/api/gwstats/history', { gwID: gw.eui, pageNo: 1, pageSize: 50 });
    expect(res.body.code).toBe(0);
    expect(res.body.amount).toBe(1);
    const stored = JSON.stringify(res.body.data[0]);
    expect(stored).toContain('41.5');
    expect(stored).not.toContain('deep'); // nested vendor fields are dropped, scalars kept
  });

  it('takes at most the per-datagram cap of rxpk, and at most the per-gateway rate', async () => {
    const capBefore = await metric(t, 'lns_udp_rxpk_dropped_total', { reason: 'datagram_cap' });
    const rateBefore = await metric(t, 'lns_udp_rxpk_dropped_total', { reason: 'rate' });
    // Minimal rxpk: 800 of them still fit one UDP datagram.
    const frames = Array.from({ length: 800 }, (_, i) => ({
      tmst: i,
      freq: 868.1,
      rssi: -1,
      datr: 'SF7BW125',
      data: Buffer.from([0x40, i & 0xff, i >> 8]).toString('base64'),
    }));
    const tok = gw.push(frames as never);
    await gw.waitFor((d) => d.kind === 'PUSH_ACK' && d.token === tok, 3000, true);
    expect((await metric(t, 'lns_udp_rxpk_dropped_total', { reason: 'datagram_cap' })) - capBefore).toBe(
      800 - DATAGRAM_LIMITS.maxRxpk,
    );
    // 100/s with a burst of 200: four more full datagrams exceed it whatever the refill meanwhile.
    for (let i = 0; i < 4; i++) {
      const k = gw.push(frames.slice(0, DATAGRAM_LIMITS.maxRxpk) as never);
      await gw.waitFor((d) => d.kind === 'PUSH_ACK' && d.token === k, 3000, true);
    }
    expect(await metric(t, 'lns_udp_rxpk_dropped_total', { reason: 'rate' })).toBeGreaterThan(rateBefore);
    await settle(dp);
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
  });
});
