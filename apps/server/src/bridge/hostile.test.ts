import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { DataPlane } from '../ns/dataplane';
import { connectGateway, metric, settle, startDataPlane } from '../ns/test-kit';
import { buildPushData, DATAGRAM_LIMITS, parseDatagram, SemtechError } from './semtech';
import { rxpkOf, type TestGateway } from './test-gateway';

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

describe('Semtech UDP parse bounds', () => {
  const eui = '0102030405060708';
  it('refuses nesting beyond the limit but not brackets inside strings', () => {
    expect(() => parseDatagram(pushWithBody(eui, `{"stat":${nested(DATAGRAM_LIMITS.maxDepth)}}`))).toThrow(
      SemtechError,
    );
    const d = parseDatagram(pushWithBody(eui, `{"stat":{"desc":"${'['.repeat(100)}"}}`));
    expect(d.kind === 'PUSH_DATA' && d.stat?.desc).toBe('['.repeat(100));
  });

  it('keeps only the rxpk fields the server uses and refuses oversize payloads', () => {
    const d = parseDatagram(
      buildPushData(2, 1, eui, { rxpk: [{ ...rxpkOf(Buffer.from('40', 'hex')), junk: 'x'.repeat(1000) } as never] }),
    );
    expect(d.kind === 'PUSH_DATA' && Object.keys(d.rxpk[0]!)).not.toContain('junk');
    const big = rxpkOf(Buffer.alloc(256));
    expect(() => parseDatagram(buildPushData(2, 1, eui, { rxpk: [big] }))).toThrow(SemtechError);
  });

  it('drops stat strings the database could not store (NUL, unpaired surrogates)', () => {
    const d = parseDatagram(pushWithBody(eui, '{"stat":{"a":"x\\u0000y","b":"\\ud800","c":"ok"}}'));
    expect(d.kind === 'PUSH_DATA' && d.stat).toEqual({ c: 'ok' });
  });

  it('cuts stat strings and counts of fields', () => {
    const stat = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'y'.repeat(500)]));
    const d = parseDatagram(buildPushData(2, 1, eui, { stat }));
    if (d.kind !== 'PUSH_DATA') throw new Error('not PUSH_DATA');
    expect(Object.keys(d.stat!)).toHaveLength(DATAGRAM_LIMITS.maxStatFields);
    expect(String(d.stat!.f0)).toHaveLength(DATAGRAM_LIMITS.maxStatString);
  });
});
