import { STREAM_CLOSE } from '@lns/contract/streams';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice, hex } from '../../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Client, client, closedWith, listen } from '../../../test/stream-client';
import { hashToken } from '../../auth/tokens';
import { type AuthRevoked, type BusTopics, localTopics, type TopicOf, topics } from '../../bus/bus';
import type { AppStreamEvent, EntityDeleted } from '../../bus/events';
import { streamLimits } from './client';

const defaults = { ...streamLimits };

describe('live streams end with their authority', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  let udpPort: number;
  let gw: TestGateway;
  let n = 500;
  const opened: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
    base = await listen(t);
    const started = await startDataPlane(t);
    udpPort = started.port;
    adminToken = await t.login();
    gw = await connectGateway(t, adminToken, udpPort, 'a840410000000a01');
  });
  // Event-driven closes must not be the periodic re-check's doing: it waits an hour here, except where a test shortens it.
  beforeEach(() => {
    streamLimits.revalidateMs = 3_600_000;
  });
  afterEach(() => {
    Object.assign(streamLimits, defaults);
    for (const c of opened.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  const watch = async (path: string, token: string) => {
    const c = await client(base + path, token);
    opened.push(c);
    return c;
  };
  const appOf = async (token: string) =>
    (await t.call(token, 'POST', '/api/application/create', { appName: `app-${++n}`, productType: 'lorawan' })).body
      .data.appID as number;
  /** A stream is still open when a frame published after the change still reaches it. */
  const stillOpen = async (c: Client, topic: TopicOf<BusTopics>) => {
    // Streams forward payloads as they are: a stand-in message is enough here.
    const event = { kind: 'app', data: { probe: ++n } } as unknown as AppStreamEvent;
    t.services.bus.publish(topic, event);
    expect(await c.json()).toEqual(event);
  };
  const userWith = async (name: string) => {
    const u = await t.userWithToken(name);
    const appID = await appOf(u.token);
    const d = abpDevice(++n);
    expect((await t.call(u.token, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    return { ...u, appID, devEUI: d.devEUI };
  };

  it('logout closes the streams of that session (4001) and only those', async () => {
    const u = await userWith('ws-logout');
    const other = await t.login('ws-logout', 'pw-123456');
    const path = `/ws/device/app?devEUI=${u.devEUI}`;
    const mine = await watch(path, u.token);
    const kept = await watch(path, other);
    expect((await t.call(u.token, 'POST', '/api/logout')).body.code).toBe(0);
    expect(await closedWith(mine)).toBe(STREAM_CLOSE.REVOKED);
    await stillOpen(kept, topics.deviceApp(u.devEUI));
  });

  it('a password change closes the streams of its sessions and of the API token it replaced', async () => {
    const u = await userWith('ws-password');
    const apiToken = (await t.call(u.token, 'GET', '/api/user/status', { userID: String(u.userID) })).body.data
      .apiToken as string;
    const path = `/ws/application?appID=${u.appID}`;
    const session = await watch(path, u.token);
    const api = await watch(path, apiToken);
    const changed = await t.call(u.token, 'POST', '/api/user/password', {
      currentPassword: 'pw-123456',
      newPassword: 'pw-654321',
    });
    expect(changed.body.code).toBe(0);
    expect(await closedWith(session)).toBe(STREAM_CLOSE.REVOKED);
    expect(await closedWith(api)).toBe(STREAM_CLOSE.REVOKED);

    // An admin resetting the password does the same.
    const again = await t.login('ws-password', 'pw-654321');
    const s2 = await watch(path, again);
    const reset = await t.call(adminToken, 'POST', '/api/user/update', {
      userID: u.userID,
      name: 'ws-password',
      password: 'pw-000000',
      admin: 0,
    });
    expect(reset.body.code).toBe(0);
    expect(await closedWith(s2)).toBe(STREAM_CLOSE.REVOKED);
  });

  it('regenerating the API token closes the streams it opened', async () => {
    const u = await userWith('ws-token');
    const apiToken = (await t.call(u.token, 'GET', '/api/user/status', { userID: String(u.userID) })).body.data
      .apiToken as string;
    const path = `/ws/device/protocol?devEUI=${u.devEUI}`;
    const api = await watch(path, apiToken);
    const session = await watch(path, u.token);
    expect((await t.call(u.token, 'POST', '/api/user/token/regenerate', { userID: u.userID })).body.code).toBe(0);
    expect(await closedWith(api)).toBe(STREAM_CLOSE.REVOKED);
    await stillOpen(session, topics.deviceProtocol(u.devEUI));
  });

  it('deleting the user closes its streams; demoting an admin ends its credentials and their streams', async () => {
    const u = await userWith('ws-deleted');
    const ops = await t.userWithToken('ws-ops', 1);
    const own = await watch(`/ws/device/app?devEUI=${u.devEUI}`, u.token);
    const watched = await watch(`/ws/device/app?devEUI=${u.devEUI}`, ops.token);
    const demote = await t.call(adminToken, 'POST', '/api/user/update', {
      userID: ops.userID,
      name: 'ws-ops',
      admin: 0,
    });
    expect(demote.body.code).toBe(0);
    // A lost admin role replaces the user's credentials (see users/routes.ts), so the stream ends as revoked.
    expect(await closedWith(watched)).toBe(STREAM_CLOSE.REVOKED);
    await stillOpen(own, topics.deviceApp(u.devEUI));

    expect((await t.call(adminToken, 'POST', '/api/user/delete', { userID: u.userID })).body.code).toBe(0);
    expect(await closedWith(own)).toBe(STREAM_CLOSE.REVOKED);
  });

  it('a device deleted and registered again by another user: the old stream closes (4004) and gets none of the new traffic', async () => {
    const alice = await t.userWithToken('ws-alice');
    const bob = await t.userWithToken('ws-bob');
    const d = abpDevice(++n);
    expect(
      (await t.call(alice.token, 'POST', '/api/device/create', { appID: await appOf(alice.token), ...d })).body.code,
    ).toBe(0);
    const old = await watch(`/ws/device/app?devEUI=${d.devEUI}`, alice.token);
    const oldProtocol = await watch(`/ws/device/protocol?devEUI=${d.devEUI}`, alice.token);

    // Alice's own uplink reaches her stream through the data plane.
    gw.push([rxpkOf(abpSession(d)({ fCnt: 1, fPort: 5, payload: Buffer.from('a1', 'hex') }))]);
    expect(await old.json()).toMatchObject({ kind: 'app', data: { devEUI: d.devEUI, data: 'a1' } });

    expect((await t.call(alice.token, 'POST', '/api/device/delete', { devEUIs: [d.devEUI] })).body.code).toBe(0);
    expect(await closedWith(old)).toBe(STREAM_CLOSE.GONE);
    expect(await closedWith(oldProtocol)).toBe(STREAM_CLOSE.GONE);

    // Bob registers the same EUI with his own keys; his traffic reaches his stream only.
    const b = abpDevice(n, {
      devAddr: hex(0x27000000 + n, 8),
      nwkSKey: hex(n + 7, 32),
      appSKey: hex(n + 8, 32),
    });
    expect(
      (await t.call(bob.token, 'POST', '/api/device/create', { appID: await appOf(bob.token), ...b })).body.code,
    ).toBe(0);
    const his = await watch(`/ws/device/app?devEUI=${b.devEUI}`, bob.token);
    gw.push([rxpkOf(abpSession(b)({ fCnt: 1, fPort: 6, payload: Buffer.from('b0b0', 'hex') }), { tmst: 2_000_000 })]);
    expect(await his.json()).toMatchObject({ kind: 'app', data: { devEUI: b.devEUI, data: 'b0b0' } });
    expect(old.messages).toEqual([]);
    expect(oldProtocol.messages.map((m) => JSON.parse(m).data?.fPort)).not.toContain(6);
  });

  it('a gateway deleted and registered again by another user: the old gateway stream closes (4004)', async () => {
    const alice = await t.userWithToken('ws-gw-alice');
    const bob = await t.userWithToken('ws-gw-bob');
    const gwID = 'a840410000000a02';
    const aliceGw = await connectGateway(t, alice.token, udpPort, gwID);
    const old = await watch(`/ws/gateway?gwID=${gwID}`, alice.token);
    expect((await t.call(alice.token, 'POST', '/api/gateway/delete', { gwIDs: [gwID] })).body.code).toBe(0);
    expect(await closedWith(old)).toBe(STREAM_CLOSE.GONE);
    aliceGw.close();

    const bobGw = await connectGateway(t, bob.token, udpPort, gwID);
    try {
      const his = await watch(`/ws/gateway?gwID=${gwID}`, bob.token);
      const d = abpDevice(++n);
      bobGw.push([rxpkOf(abpSession(d)({ fCnt: 1 }), { tmst: 3_000_000 })]);
      expect(await his.json()).toMatchObject({ kind: 'gateway', data: { gwID } });
      expect(old.messages).toEqual([]);
    } finally {
      bobGw.close();
    }
  });

  it('deleting an application closes its stream and the streams of its devices (4004)', async () => {
    const u = await userWith('ws-app-deleted');
    const app = await watch(`/ws/application?appID=${u.appID}`, u.token);
    const dev = await watch(`/ws/device/protocol?devEUI=${u.devEUI}`, u.token);
    expect((await t.call(u.token, 'POST', '/api/application/delete', { appIDs: [u.appID] })).body.code).toBe(0);
    expect(await closedWith(app)).toBe(STREAM_CLOSE.GONE);
    expect(await closedWith(dev)).toBe(STREAM_CLOSE.GONE);
  });

  it('the periodic re-check ends streams whose session expired or vanished without any event', async () => {
    streamLimits.revalidateMs = 100;
    const u = await userWith('ws-expired');
    const path = `/ws/device/app?devEUI=${u.devEUI}`;
    const vanishingToken = await t.login('ws-expired', 'pw-123456');
    const expiring = await watch(path, u.token);
    const vanishing = await watch(path, vanishingToken);
    const kept = await watch(path, await t.login('ws-expired', 'pw-123456'));
    // Expiry: nothing announces it; the timer's re-check finds it.
    await t.services.db.execute(sql`UPDATE sessions SET expires_at = 1 WHERE token_hash = ${hashToken(u.token)}`);
    expect(await closedWith(expiring)).toBe(STREAM_CLOSE.REVOKED);
    // A session removed behind the server's back (say, by another instance without Redis).
    await t.services.db.execute(sql`DELETE FROM sessions WHERE token_hash = ${hashToken(vanishingToken)}`);
    await t.services.streams.sweep();
    expect(await closedWith(vanishing)).toBe(STREAM_CLOSE.REVOKED);
    await stillOpen(kept, topics.deviceApp(u.devEUI));
  });

  it('ignores malformed revocation events', async () => {
    const u = await userWith('ws-malformed');
    const c = await watch(`/ws/device/app?devEUI=${u.devEUI}`, u.token);
    // What a faulty publisher could send despite the types (events also arrive as JSON from Redis).
    t.services.local.publish(localTopics.authRevoked, null as unknown as AuthRevoked);
    t.services.local.publish(localTopics.entityDeleted, null as unknown as EntityDeleted);
    t.services.local.publish(localTopics.entityDeleted, { devices: 'nope' } as unknown as EntityDeleted);
    await stillOpen(c, topics.deviceApp(u.devEUI));
  });
});

describe('revocations cross instances (Redis)', () => {
  it('a logout or a deletion on one instance closes the streams another instance holds', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      const base = await listen(b);
      const u = await b.userWithToken('x-instance');
      const appID = (await b.call(u.token, 'POST', '/api/application/create', { appName: 'x', productType: 'lorawan' }))
        .body.data.appID as number;
      const d = abpDevice(9000);
      expect((await b.call(u.token, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
      const signedOut = await client(`${base}/ws/application?appID=${appID}`, u.token);
      const other = await client(`${base}/ws/device/app?devEUI=${d.devEUI}`, await b.login('x-instance', 'pw-123456'));
      // The instances share Redis only here (each test app has its own database); the events are what travels.
      a.services.local.publish(localTopics.authRevoked, { userId: u.userID, token: u.token, reason: 'logout' });
      expect(await closedWith(signedOut)).toBe(STREAM_CLOSE.REVOKED);
      a.services.local.publish(localTopics.entityDeleted, { devices: [d.devEUI] });
      expect(await closedWith(other)).toBe(STREAM_CLOSE.GONE);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
