import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildPullData, buildPushData } from '@lns/semtech-udp/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, metric, settle, startDataPlane } from '../../test/dataplane-kit';
import { rxpkOf, TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import type { DataPlane } from '../ns/dataplane';

describe('Semtech UDP bridge', () => {
  let t: TestApp;
  let dp: DataPlane;
  let port: number;
  let token: string;
  let gw: TestGateway;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '20' });
    ({ dp, port } = await startDataPlane(t));
    token = (await t.userWithToken('udp-user')).token;
    gw = await connectGateway(t, token, port, 'b827ebfffe000001');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('answers PUSH_DATA with PUSH_ACK and PULL_DATA with PULL_ACK (v1 and v2), echoing the token', async () => {
    const tok = gw.push([]);
    const ack = await gw.waitFor((d) => d.kind === 'PUSH_ACK' && d.token === tok);
    expect(ack.version).toBe(2);
    const v1 = await new TestGateway('b827ebfffe000001', port, '127.0.0.1', 1).open();
    v1.pull();
    expect((await v1.waitFor((d) => d.kind === 'PULL_ACK')).version).toBe(1);
    v1.close();
    // The gateway is online with a last-seen time.
    const info = (await t.call(token, 'GET', '/api/gateway/status/info', { gwID: gw.eui })).body.data;
    expect(info).toMatchObject({ online: true });
  });

  it('ignores and counts unknown gateways; counts and drops malformed datagrams', async () => {
    const stranger = await new TestGateway('0102030405060708', port).open();
    const unknownBefore = await metric(t, 'lns_udp_unknown_gateway_total');
    const malformedBefore = await metric(t, 'lns_udp_malformed_total');
    stranger.pull();
    stranger.push([rxpkOf(Buffer.from('40000000000000000000000000', 'hex'))]);
    stranger.raw(Buffer.from([2, 0, 1])); // too short
    stranger.raw(Buffer.from([9, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8])); // bad version
    stranger.raw(Buffer.concat([buildPushData(2, 1, gw.eui, {}).subarray(0, 12), Buffer.from('{not json')]));
    await sleep(200);
    expect(stranger.received).toHaveLength(0);
    expect((await metric(t, 'lns_udp_unknown_gateway_total')) - unknownBefore).toBe(2);
    expect((await metric(t, 'lns_udp_malformed_total')) - malformedBefore).toBe(3);
    stranger.close();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toContain('lns_udp_malformed_total');
  });

  it('survives 100,000 random datagrams and keeps answering', async () => {
    const fuzz = await new TestGateway('ffffffffffffffff', port).open();
    const from = { address: '127.0.0.1', port: fuzz.port };
    const known = Buffer.from(gw.eui, 'hex');
    const bodies = [
      '{"rxpk":5}',
      '{"rxpk":[{}]}',
      '{"rxpk":[null]}',
      '{"stat":"x"}',
      '[]',
      'null',
      '{"rxpk":[{"tmst":1}]}',
    ];
    const pool = randomBytes(1 << 20);
    const randomBytesFast = (n: number) => {
      const at = Math.floor(Math.random() * (pool.length - n));
      return pool.subarray(at, at + n);
    };
    const datagram = (i: number): Buffer => {
      const kind = i % 10;
      if (kind < 6) return randomBytesFast(i % 64);
      // Plausible header (known gateway), random identifier and body.
      if (kind < 8)
        return Buffer.concat([Buffer.from([1 + (i % 2), i & 0xff, 0, i % 7]), known, randomBytesFast(i % 40)]);
      // Valid JSON with hostile shapes.
      if (kind === 8)
        return Buffer.concat([Buffer.from([2, 0, 0, 0]), randomBytesFast(8), Buffer.from(bodies[i % bodies.length]!)]);
      // A known gateway pushing random "PHYPayloads" (every 50th, to keep the database work small), or strangers.
      return i % 50 === 9
        ? buildPushData(2, i & 0xffff, gw.eui, { rxpk: [rxpkOf(randomBytes(1 + (i % 30)))] })
        : buildPullData(2, i & 0xffff, `00000000000000${(i % 256).toString(16).padStart(2, '0')}`);
    };
    const before = (await metric(t, 'lns_udp_malformed_total')) + (await metric(t, 'lns_udp_datagrams_total'));
    // The socket's message handler, fed directly: every datagram is handled (no kernel drops).
    for (let i = 0; i < 100_000; i++) {
      dp.bridge.receive(datagram(i), from);
      if (i % 1000 === 0) await sleep(0);
    }
    // And a share over the real socket.
    for (let i = 0; i < 5_000; i++) {
      fuzz.raw(datagram(i));
      if (i % 100 === 0) await sleep(1);
    }
    await settle(dp, 300);
    gw.pull();
    await gw.waitFor((d) => d.kind === 'PULL_ACK', 3000, true);
    const seen = (await metric(t, 'lns_udp_malformed_total')) + (await metric(t, 'lns_udp_datagrams_total'));
    expect(seen - before).toBeGreaterThanOrEqual(100_000);
    fuzz.close();
  }, 60_000);
});
