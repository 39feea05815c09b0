import type { BusEvent } from '@lns/contract/frames';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Client, client, closedWith, listen, open } from '../../../test/stream-client';
import { seedApp, seedDevice, seedGateway } from '../../../test/stream-fixtures';
import { topics } from '../../bus/bus';
import type { AppStreamEvent, GatewayStreamEvent } from '../../bus/events';
import { streamLimits } from './client';

const defaults = { ...streamLimits };

describe('live streams', () => {
  let t: TestApp;
  let base: string;
  let alice: { token: string; userID: number };
  let bob: { token: string; userID: number };
  let adminToken: string;
  let appID: number;
  let devEUI: string;
  let gwID: string;
  const open_: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    alice = await t.userWithToken('alice');
    bob = await t.userWithToken('bob');
    adminToken = await t.login();
    appID = await seedApp(t.services.db, alice.userID);
    devEUI = await seedDevice(t.services.db, appID, alice.userID);
    gwID = await seedGateway(t.services.db, alice.userID);
  });
  afterEach(() => {
    Object.assign(streamLimits, defaults);
    for (const c of open_.splice(0)) c.ws.terminate();
  });
  afterAll(() => t.close());

  const track = (c: Client) => {
    open_.push(c);
    return c;
  };

  it('refuses before the upgrade: no token 401, bad token 401, a stranger 403, unknown 404, bad query 400', async () => {
    const url = `${base}/ws/device/protocol?devEUI=${devEUI}`;
    expect(await open(url)).toBe(401);
    expect(await open(url, 'not-a-token')).toBe(401);
    expect(await open(url, bob.token)).toBe(403);
    expect(await open(`${base}/ws/application?appID=${appID}`, bob.token)).toBe(403);
    expect(await open(`${base}/ws/gateway?gwID=${gwID}`, bob.token)).toBe(403);
    expect(await open(`${base}/ws/device/app?devEUI=0000000000000001`, alice.token)).toBe(404);
    expect(await open(`${base}/ws/application?appID=999999`, alice.token)).toBe(404);
    expect(await open(`${base}/ws/device/app?devEUI=xyz`, alice.token)).toBe(400);
    expect(await open(`${base}/ws/application`, alice.token)).toBe(400);
  });

  it('the owner and an admin receive what the bus carries on each stream; the protocol is echoed', async () => {
    const cases = [
      [`/ws/device/protocol?devEUI=${devEUI.toUpperCase().match(/../g)!.join('-')}`, topics.deviceProtocol(devEUI)],
      [`/ws/device/app?devEUI=${devEUI}`, topics.deviceApp(devEUI)],
      [`/ws/application?appID=${appID}`, topics.application(appID)],
      [`/ws/gateway?gwID=${gwID}`, topics.gateway(gwID)],
    ] as const;
    for (const [path, topic] of cases) {
      const mine = track(await client(base + path, alice.token));
      const adm = track(await client(base + path, adminToken));
      expect(mine.ws.protocol).toBe(alice.token);
      // Streams forward payloads as they are: stand-ins of the topic's type are enough here.
      const event = { kind: 'protocol', data: { msgID: topic } } as BusEvent;
      t.services.bus.publish(topic, event);
      t.services.bus.publish('device/other/app', { kind: 'app', data: {} } as AppStreamEvent);
      expect(await mine.json()).toEqual(event);
      expect(await adm.json()).toEqual(event);
      expect(mine.messages).toEqual([]);
    }
  });

  it('answers ping with pong, and closes a socket that stops pinging', async () => {
    streamLimits.pingTimeoutMs = 300;
    const c = track(await client(`${base}/ws/device/app?devEUI=${devEUI}`, alice.token));
    const start = Date.now();
    // Pinging keeps it open past the timeout.
    for (let i = 0; i < 4; i++) {
      c.ws.send('ping');
      expect(await c.next()).toBe('pong');
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(Date.now() - start).toBeGreaterThan(500);
    expect(c.closed).toBeUndefined();
    expect(await closedWith(c)).toBe(4008);
  });

  it('a slow reader loses the oldest frames with a dropped count, never unbounded memory', async () => {
    streamLimits.maxQueue = 10;
    const c = track(await client(`${base}/ws/gateway?gwID=${gwID}`, alice.token));
    c.ws.pause();
    const N = 300;
    const blob = 'ab'.repeat(50_000); // 100 kB per frame: 30 MB in total, more than the socket buffers hold
    for (let i = 0; i < N; i++) {
      t.services.bus.publish(topics.gateway(gwID), {
        kind: 'gateway',
        data: { seq: i, phy: blob },
      } as unknown as GatewayStreamEvent);
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    c.ws.resume();
    const seqs: number[] = [];
    let dropped = 0;
    while (seqs.length + dropped < N) {
      const m = await c.json();
      if (m.kind === 'dropped') dropped += m.count;
      else seqs.push(m.data.seq);
    }
    expect(dropped).toBeGreaterThan(0);
    expect(seqs.at(-1)).toBe(N - 1); // the newest survive
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs); // in order
  });
});

describe('live streams across instances (Redis)', () => {
  it('a frame published on one instance reaches a client connected to another', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      const base = await listen(b);
      await listen(a);
      const token = await b.login();
      const appID = await seedApp(b.services.db, 1);
      const devEUI = await seedDevice(b.services.db, appID, 1);
      const c = await client(`${base}/ws/device/app?devEUI=${devEUI}`, token);
      const event = { kind: 'app', data: { devEUI, data: '0102' } } as AppStreamEvent;
      a.services.bus.publish(topics.deviceApp(devEUI), event);
      expect(await c.json()).toEqual(event);
      c.ws.terminate();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
