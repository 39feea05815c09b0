import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import type { DataPlane } from './dataplane';

const GOOD = 'function decodeUplink(i) { return { data: { n: i.bytes[0] } }; }';
const LOOP = 'function decodeUplink() { for (;;) {} }';
/** About 16 KB of JSON, under the size limit: an array nested 8,000 deep. */
const DEEP = `function decodeUplink() { var a = []; var x = a;
  for (var i = 0; i < 8000; i++) { var n = []; x.push(n); x = n; } return { data: a }; }`;

describe("tenants' decoders on the data plane", () => {
  let t: TestApp;
  let dp: DataPlane;
  let token: string;
  let gw: TestGateway;
  let n = 500;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '40' });
    const started = await startDataPlane(t);
    dp = started.dp;
    token = (await t.userWithToken('iso-user')).token;
    gw = await connectGateway(t, token, started.port, 'a840410000000501', 'gw-iso');
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  async function appWithDevice(appName: string, content: string) {
    const created = await t.call(token, 'POST', '/api/application/create', {
      appName,
      decoder: { name: 'js', type: 'javascript', content },
    });
    expect(created.body.code).toBe(0);
    const appID = created.body.data.appID as number;
    const d = abpDevice(++n);
    expect((await t.call(token, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    let fCnt = 0;
    return {
      appID,
      devEUI: d.devEUI,
      up: (byte: number) => gw.push([rxpkOf(abpSession(d)({ fCnt: ++fCnt, fPort: 2, payload: Buffer.from([byte]) }))]),
    };
  }
  const history = async (devEUI: string) =>
    (await t.call(token, 'GET', '/api/device/history', { devEUI })).body.data as {
      object?: unknown;
      decodeError?: string;
    }[];

  it("decodes application A's uplinks while B's decoder loops, quarantines B, and B recovers once edited", async () => {
    const a = await appWithDevice('iso-a', GOOD);
    const b = await appWithDevice('iso-b', LOOP);
    for (let i = 0; i < 4; i++) b.up(i);
    a.up(1);
    a.up(2);
    await settle(dp);
    // (Uplinks received in the same millisecond have no order in the history: compared as sets.)
    const aObjects = (await history(a.devEUI)).map((m) => m.object);
    expect(aObjects).toHaveLength(2);
    expect(aObjects).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    const bErrors = (await history(b.devEUI)).map((m) => m.decodeError ?? '');
    expect(bErrors).toHaveLength(4);
    expect(bErrors.filter((e) => e === 'timed out after 100 ms')).toHaveLength(3);
    expect(bErrors.filter((e) => /^decoder quarantined until \d{4}-\d\d-\d\dT/.test(e))).toHaveLength(1);

    // Still quarantined for its next uplink; A is not.
    b.up(9);
    a.up(3);
    await settle(dp);
    expect((await history(b.devEUI))[0]!.decodeError).toMatch(/quarantined until/);
    expect((await history(a.devEUI))[0]!.object).toEqual({ n: 3 });

    // An edited script starts afresh.
    const edit = await t.call(token, 'POST', '/api/application/update', {
      appID: b.appID,
      appName: 'iso-b',
      decoder: { name: 'js', type: 'javascript', content: GOOD },
    });
    expect(edit.body.code).toBe(0);
    b.up(7);
    await settle(dp);
    expect((await history(b.devEUI))[0]).toMatchObject({ object: { n: 7 } });
  });

  it('refuses a decoded object nested 8,000 deep as a decode error and still stores the uplink', async () => {
    const c = await appWithDevice('iso-c', DEEP);
    c.up(1);
    await settle(dp);
    const [m] = await history(c.devEUI);
    expect(m?.object).toBeUndefined();
    expect(m?.decodeError).toMatch(/nested deeper than 32 levels/);
    // The server goes on storing and decoding.
    const a = await appWithDevice('iso-after', GOOD);
    a.up(4);
    await settle(dp);
    expect((await history(a.devEUI))[0]!.object).toEqual({ n: 4 });
  });
});
