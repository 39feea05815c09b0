import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMessage } from '@lns/contract/frames';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { localTopics } from '../../bus/bus';
import type { AppRef } from '../../bus/events';
import { gateways, gatewayTypes } from '../../db/schema/gateways';
import { outbox as outboxTable } from '../../db/schema/outbox';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  at: number;
}

/** A push endpoint: `answer` picks the status for each request (or 'hang' to never answer). */
async function endpoint(answer: (n: number) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const a = answer(n++);
      if (a === 'hang') return;
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(data), at: Date.now() });
      res.statusCode = a;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    tries: () => n,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const until = async (cond: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const message = (over: Partial<AppMessage> = {}): AppMessage => ({
  msgID: 'm1',
  createtime: 1_700_000_000_000,
  type: 'uplink',
  devEUI: '0102030405060708',
  devName: 'meter-1',
  appID: 7,
  devAddr: '26011234',
  fCnt: 12,
  fPort: 5,
  confirmed: false,
  data: 'cafe01',
  dr: 5,
  sf: 7,
  bw: 125,
  freq: 868_100_000,
  rxInfo: [
    { gwID: 'aa555a0000000001', rssi: -57, snr: 9.5, tmst: 1000, freq: 868_100_000, chan: 0 },
    { gwID: 'aa555a0000000002', rssi: -101, snr: -3.25, tmst: 2000, freq: 868_100_000, chan: 0 },
  ],
  ...over,
});

const app = (pushUrls: string[], headers: Record<string, string> = {}): AppRef => ({
  appID: 7,
  appName: 'meters',
  pushUrls,
  headers,
  enableMQTT: false,
  ownerId: 1,
});

describe('HTTP push', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The endpoints here listen on 127.0.0.1, which push may reach only when the operator allows it.
    t = await createTestApp({ PUSH_ALLOW_PRIVATE: 'true' });
    Object.assign(t.integrations.outbox.options, {
      retryBaseMs: 50,
      retryMaxMs: 200,
      timeoutMs: 1000,
      pollMs: 20,
    });
  });
  afterAll(() => t.close());

  it('posts uplinks to URL + /uplink and joins to URL + /join with the application headers', async () => {
    const ep = await endpoint();
    t.services.local.publish(localTopics.appMessage, {
      message: message(),
      application: app([`${ep.url}/hook/`], { Authorization: 'Bearer abc', 'X-Tenant': 't1' }),
    });
    t.services.local.publish(localTopics.appMessage, {
      message: message({ type: 'join', msgID: 'm2', fCnt: null, fPort: null, data: '' }),
      application: app([`${ep.url}/hook`]),
    });
    await until(() => ep.received.length === 2);
    const up = ep.received.find((r) => r.path === '/hook/uplink')!;
    expect(up.headers.authorization).toBe('Bearer abc');
    // The message id receivers de-duplicate on, in a header and in the body.
    expect(up.headers['x-message-id']).toBe('m1');
    expect(up.body.messageId).toBe('m1');
    expect(up.headers['x-tenant']).toBe('t1');
    expect(up.headers['content-type']).toBe('application/json');
    expect(up.body).toMatchObject({
      type: 'uplink',
      devEUI: '0102030405060708',
      appID: 7,
      appName: 'meters',
      fPort: 5,
      fCnt: 12,
      payload: 'cafe01',
      payloadBase64: Buffer.from('cafe01', 'hex').toString('base64'),
    });
    expect(up.body.rxInfo).toEqual([
      expect.objectContaining({ gwID: 'aa555a0000000001', rssi: -57, snr: 9.5 }),
      expect.objectContaining({ gwID: 'aa555a0000000002', rssi: -101, snr: -3.25 }),
    ]);
    const join = ep.received.find((r) => r.path === '/hook/join')!;
    expect(join.body).toMatchObject({ type: 'join', devEUI: '0102030405060708', devAddr: '26011234' });
    expect(join.body).not.toHaveProperty('payload');
    await ep.close();
  });

  it('retries a failing endpoint with back-off until it answers', async () => {
    const ep = await endpoint((n) => (n < 2 ? 503 : 200));
    t.services.local.publish(localTopics.appMessage, {
      message: message({ msgID: 'retry' }),
      application: app([ep.url]),
    });
    await until(() => ep.received.some((r) => r.headers && ep.tries() === 3));
    expect(ep.tries()).toBe(3);
    const times = ep.received.map((r) => r.at);
    // Back-off grows: the second gap is at least the first (50 ms then 100 ms).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(40);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(90);
    expect(ep.received.every((r) => r.body.msgID === 'retry')).toBe(true);
    await ep.close();
  });

  it('a dead endpoint does not delay the others; failures are counted in /metrics', async () => {
    const dead = await endpoint(() => 'hang');
    const good = await endpoint();
    const started = Date.now();
    for (let i = 0; i < 20; i++)
      t.services.local.publish(localTopics.appMessage, {
        message: message({ msgID: `d${i}` }),
        application: app([dead.url, good.url]),
      });
    expect(Date.now() - started).toBeLessThan(200); // publishing never waits for the network
    await until(() => good.received.length === 20);
    expect(Date.now() - started).toBeLessThan(1000); // well before the dead one's 1 s timeout
    const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    await until(async () =>
      /lns_push_requests_total\{target="application",result="timeout"\} [1-9]/.test(await metrics()),
    );
    expect(await metrics()).toMatch(/lns_push_requests_total\{target="application",result="ok"\} [1-9]/);
    // While failing, the dead endpoint is probed one request at a time: the rest wait untried.
    expect(dead.tries()).toBeLessThan(5);
    await dead.close();
    await good.close();
  });

  it('abandons a delivery after OUTBOX_MAX_ATTEMPTS tries, and at once on a 4xx a retry cannot change', async () => {
    const outbox = t.integrations.outbox;
    const saved = { ...outbox.options };
    Object.assign(outbox.options, { maxAttempts: 3 });
    const failing = await endpoint(() => 503);
    const refusing = await endpoint(() => 404);
    t.services.local.publish(localTopics.appMessage, {
      message: message({ msgID: 'gives-up' }),
      application: app([failing.url, refusing.url]),
    });
    const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    await until(async () => /lns_push_dropped_total\{reason="failed"\} 2/.test(await metrics()));
    expect(failing.tries()).toBe(3);
    expect(refusing.tries()).toBe(1);
    // Nothing of it is left to send.
    const left = () => t.services.db.select().from(outboxTable).where(eq(outboxTable.messageId, 'gives-up'));
    await until(async () => (await left()).length === 0);
    expect(failing.tries()).toBe(3);
    Object.assign(outbox.options, saved);
    await failing.close();
    await refusing.close();
  });

  it('pushes gateway stats and connection changes to URL + /gwstat and /gwconnection', async () => {
    const ep = await endpoint();
    {
      // The row directly: the gateways API is another area's.
      const [type] = await t.services.db.select().from(gatewayTypes).limit(1);
      await t.services.db.insert(gateways).values({
        gwId: 'aa555a00000000f1',
        ownerId: 1,
        name: 'roof',
        gwTypeId: type!.id,
        region: 'eu868',
        subnet: 'eu868-default',
        pushUrls: [ep.url],
        headers: { 'X-Key': 'k1' },
        txPower: 0,
        enableClassB: false,
        enableClassC: false,
        enableBridgeLog: false,
        enablePfw: false,
        mqttKeepAlive: 10,
        statInterval: 300,
        remarks: '',
        ntpServer: '',
        createdAt: Date.now(),
        updatedAt: Date.now(),
      });
    }
    t.services.local.publish(localTopics.gatewayStat, {
      gwID: 'aa555a00000000f1',
      stat: { rxnb: 3, rxok: 2 },
      createtime: 1,
    });
    t.services.local.publish(localTopics.gatewayConnection, { gwID: 'aa555a00000000f1', online: true, createtime: 2 });
    await until(() => ep.received.length === 2);
    const stat = ep.received.find((r) => r.path === '/gwstat')!;
    expect(stat.body).toEqual({
      messageId: stat.headers['x-message-id'],
      type: 'gwstat',
      gwID: 'aa555a00000000f1',
      gwName: 'roof',
      createtime: 1,
      stat: { rxnb: 3, rxok: 2 },
    });
    expect(stat.headers['x-key']).toBe('k1');
    const conn = ep.received.find((r) => r.path === '/gwconnection')!;
    expect(conn.body).toMatchObject({ type: 'gwconnection', gwID: 'aa555a00000000f1', online: true });
    await ep.close();
  });
});

describe('HTTP push to private addresses', () => {
  const metricsOf = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('is refused when sending, after resolving the name, and counted without the URL', async () => {
    const t = await createTestApp();
    try {
      const ep = await endpoint();
      const port = new URL(ep.url).port;
      // Saved before the check existed, or a name that resolves to a private address later.
      for (const url of [`http://localhost:${port}/a`, `${ep.url}/b`])
        t.services.local.publish(localTopics.appMessage, { message: message(), application: app([url]) });
      await until(async () =>
        /lns_push_requests_total\{target="application",result="blocked"\} 2/.test(await metricsOf(t)),
      );
      const text = await metricsOf(t);
      expect(text).toMatch(/lns_push_dropped_total\{reason="blocked"\} 2/);
      expect(text).not.toContain(port);
      expect(text).not.toContain('localhost');
      expect(ep.tries()).toBe(0);
      // Not retried: nothing is left in the outbox for these endpoints.
      await until(async () => (await t.services.db.select().from(outboxTable)).length === 0);
      await ep.close();
    } finally {
      await t.close();
    }
  });

  it('reaches networks the operator lists, and never sends Host-style headers', async () => {
    const t = await createTestApp({ PUSH_ALLOWED_NETWORKS: '127.0.0.0/8,::1' });
    try {
      const ep = await endpoint();
      const port = new URL(ep.url).port;
      t.services.local.publish(localTopics.appMessage, {
        message: message(),
        application: app([`http://localhost:${port}/on-prem`], {
          Host: 'internal.example',
          'Transfer-Encoding': 'chunked',
          'X-Fine': 'yes',
        }),
      });
      await until(() => ep.received.length === 1);
      expect(ep.received[0]!.path).toBe('/on-prem/uplink');
      expect(ep.received[0]!.headers.host).toBe(`localhost:${port}`);
      expect(ep.received[0]!.headers['transfer-encoding']).toBeUndefined();
      expect(ep.received[0]!.headers['x-fine']).toBe('yes');
      await ep.close();
    } finally {
      await t.close();
    }
  });
});
