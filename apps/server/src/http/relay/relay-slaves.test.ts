import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deviceSide, relayWorld } from './fixtures';

describe('relay slaves API: bind, unbind, the slave list, the rejoin list', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof relayWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await relayWorld(t, 0x7100);
  });
  afterAll(() => t.close());

  const get = (path: string, q: Record<string, unknown>, token = w.alice) =>
    t.call(token, 'GET', `/api/relay/device/${path}`, q).then((r) => r.body);
  const post = (path: string, b: Record<string, unknown>, token = w.alice) =>
    t.call(token, 'POST', `/api/relay/device/${path}`, b).then((r) => r.body);
  const slaves = async () =>
    Object.fromEntries(
      (await get('slave/list', { devEUI: w.relay })).data.map((s: { slaveDevEUI: string; status: number }) => [
        s.slaveDevEUI,
        s.status,
      ]),
    );
  const record = async (slave: string) =>
    (await get('status/record', { devEUI: w.relay, slaveDevEUI: slave, orderType: 'asc' })).data.map(
      (r: { from: number | null; to: number }) => [r.from, r.to],
    );
  const [s0, s1, s2, s3] = [0, 1, 2, 3].map((i) => () => w.slaves[i]!);

  it('binds slaves one BindReq after the other: updating until answered, then bound; a refused one goes back', async () => {
    const dev = deviceSide(t, w.relay);
    const r = await post('bind', { devEUI: w.relay, slaveDevEUIs: [s0(), s1(), w.unjoined, w.bobRelay] });
    expect(r.code).toBe(0);
    expect(r.data.done).toEqual([s0(), s1()]);
    expect(r.data.failed).toEqual([
      { id: w.unjoined, code: 1007, reason: expect.stringContaining('DevAddr') },
      { id: w.bobRelay, code: 4001, reason: 'device missing' },
    ]);
    expect(await slaves()).toEqual({ [s0()]: 4, [s1()]: 4 });
    expect(await post('bind', { devEUI: w.relay, slaveDevEUIs: [s2()] })).toMatchObject({ code: 18005 });

    const first = await dev.lastRelay();
    expect(first).toMatchObject({ type: 'BindReq', devEUI: s0(), devAddr: (0x26000000 + 0x7110).toString(16) });
    await dev.relay({ type: 'BindAns', token: first.token, result: 0 });
    const second = await dev.lastRelay();
    expect(second).toMatchObject({ type: 'BindReq', devEUI: s1() });
    expect(second.token).not.toBe(first.token);
    await dev.relay({ type: 'BindAns', token: second.token, result: 6 });
    expect(await slaves()).toEqual({ [s0()]: 1 });
    const req = (await get('config/info', { devEUI: w.relay, kind: 'bind' })).data[0];
    expect(req).toMatchObject({ state: 'refused', result: 6, body: { failed: [{ devEUI: s1(), result: 6 }] } });
    expect(await record(s0())).toEqual([
      [null, 4],
      [4, 1],
    ]);

    const again = await post('bind', { devEUI: w.relay, slaveDevEUIs: [s0()] });
    expect(again).toMatchObject({
      code: 18002,
      field: 'slaveDevEUIs',
      data: { done: [], failed: [{ id: s0(), code: 18002 }] },
    });
    const other = await post('bind', { devEUI: w.bobRelay, slaveDevEUIs: [s0()] }, w.admin);
    expect(other).toMatchObject({ code: 18003, data: { failed: [{ id: s0(), code: 18003 }] } });
  });

  it('unbinds a bound slave (actively unbound once the relay answers); 18004 for one not bound', async () => {
    const dev = deviceSide(t, w.relay);
    expect(await post('unbind', { devEUI: w.relay, slaveDevEUIs: [s2()] })).toMatchObject({
      code: 18004,
      data: { failed: [{ id: s2(), code: 18004 }] },
    });
    expect((await post('unbind', { devEUI: w.relay, slaveDevEUIs: [s0(), s2()] })).data).toEqual({
      done: [s0()],
      failed: [{ id: s2(), code: 18004, reason: expect.any(String) }],
    });
    const req = await dev.lastRelay();
    expect(req).toMatchObject({ type: 'UnbindReq', devEUI: s0() });
    expect(await slaves()).toEqual({ [s0()]: 1 });
    await dev.relay({ type: 'UnbindAns', token: req.token, result: 0 });
    expect(await slaves()).toEqual({ [s0()]: 2 });
    expect((await record(s0())).at(-1)).toEqual([1, 2]);
  });

  it('the slave list is asked page by page until total; a bound slave the relay dropped is auto unbound', async () => {
    const dev = deviceSide(t, w.relay);
    // s1 bound here meanwhile (the relay's own event), then the relay lists s2 and s3 only.
    await dev.relay({ type: 'EventReport', event: 1, devEUI: s1(), uptime: 10 });
    expect((await post('event/query', { devEUI: w.relay, query: 'slaves' })).code).toBe(0);
    const p1 = await dev.lastRelay();
    expect(p1).toMatchObject({ type: 'SlaveListReq', start: 0 });
    await dev.relay({
      type: 'SlaveListAns',
      token: p1.token,
      result: 0,
      body: { total: 2, start: 0, items: [{ devEUI: s2(), devAddr: '26011f2c', status: 1 }] },
    });
    const p2 = await dev.lastRelay();
    expect(p2).toMatchObject({ type: 'SlaveListReq', start: 1 });
    expect((await get('config/info', { devEUI: w.relay, kind: 'slaves' })).data[0].state).toBe('queued');
    await dev.relay({
      type: 'SlaveListAns',
      token: p2.token,
      result: 0,
      body: { total: 2, start: 1, items: [{ devEUI: s3(), devAddr: '26011f2d', status: 4 }] },
    });
    expect(await slaves()).toEqual({ [s0()]: 2, [s1()]: 3, [s2()]: 1, [s3()]: 4 });
    expect((await get('config/info', { devEUI: w.relay, kind: 'slaves' })).data[0].state).toBe('done');
    const list = await get('slave/list', { devEUI: w.relay, status: 1 });
    expect(list).toMatchObject({ amount: 1, data: [{ slaveDevEUI: s2(), slaveDevAddr: '26011f2c', receive: 0 }] });
    expect(list.data[0].devName).toMatch(/^dev-/);
  });

  it('the rejoin list is the relay’s last answer', async () => {
    const dev = deviceSide(t, w.relay);
    await post('event/query', { devEUI: w.relay, query: 'rejoin' });
    const r = await dev.lastRelay();
    await dev.relay({
      type: 'RejoinListAns',
      token: r.token,
      result: 0,
      body: { total: 1, start: 0, items: [{ devEUI: '8899aabbccddeeff', devAddr: '26011f2c', status: 0 }] },
    });
    expect(await get('rejoin/list', { devEUI: w.relay })).toMatchObject({
      amount: 1,
      data: [{ slaveDevEUI: '8899aabbccddeeff', slaveDevAddr: '26011f2c' }],
    });
  });
});
