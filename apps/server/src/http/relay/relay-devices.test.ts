import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deviceSide, RELAY_CONFIG, relayWorld, STATUS_BLOCK } from './fixtures';

describe('relay device API: access, status, requests, configuration, records', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof relayWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await relayWorld(t, 0x7000);
  });
  afterAll(() => t.close());

  const get = (path: string, q: Record<string, unknown>, token = w.alice) =>
    t.call(token, 'GET', `/api/relay/device/${path}`, q).then((r) => r.body);
  const post = (path: string, b: Record<string, unknown>, token = w.alice) =>
    t.call(token, 'POST', `/api/relay/device/${path}`, b).then((r) => r.body);

  it('refuses devices of another product type (18001) and others’ devices (4001); admins see all', async () => {
    expect(await get('status', { devEUI: w.plain })).toMatchObject({ code: 18001, field: 'devEUI' });
    for (const path of ['slave/list', 'rejoin/list', 'event/record', 'status/record'])
      expect(await get(path, { devEUI: w.ladtp }), path).toMatchObject({ code: 18001, field: 'devEUI' });
    expect(await post('bind', { devEUI: w.ladtp, slaveDevEUIs: [w.slaves[0]] })).toMatchObject({ code: 18001 });
    expect(await post('unbind', { devEUI: w.plain, slaveDevEUIs: [w.slaves[0]] })).toMatchObject({ code: 18001 });
    expect(await post('event/query', { devEUI: w.ladtp, query: 'slaves' })).toMatchObject({
      code: 18001,
      field: 'query',
    });
    expect(await get('status', { devEUI: w.relay }, w.bob)).toMatchObject({ code: 4001, field: 'devEUI' });
    expect(await get('config', { devEUI: w.bobRelay }, w.alice)).toMatchObject({ code: 4001 });
    expect(await get('status', { devEUI: w.bobRelay }, w.admin)).toMatchObject({
      code: 0,
      data: { productType: 'rhf3mr01', status: null, link: 2, reportedAt: null },
    });
    expect(await get('status', { devEUI: 'zz' })).toMatchObject({ code: 1007, field: 'devEUI' });
  });

  it('a status query goes out on FPort 210 with a token, waits alone (18005), and the answer shows', async () => {
    const dev = deviceSide(t, w.relay);
    const q = await post('event/query', { devEUI: w.relay, query: 'status' });
    expect(q).toMatchObject({ code: 0, data: { kind: 'status', state: 'queued', result: null, attempts: 0 } });
    const [down] = await dev.queued();
    expect(down).toMatchObject({ fPort: 210, confirmed: false });
    const req = await dev.lastRelay();
    expect(req.type).toBe('StatusReq');
    expect(await post('event/query', { devEUI: w.relay, query: 'status' })).toMatchObject({
      code: 18005,
      field: 'devEUI',
    });
    // A late answer (another token) is dropped; the right one closes the request.
    await dev.relay({ type: 'StatusAns', token: (req.token + 9) % 256, result: 0, body: STATUS_BLOCK });
    expect((await get('config/info', { devEUI: w.relay, kind: 'status' })).data[0]).toMatchObject({ state: 'queued' });
    await dev.relay({ type: 'StatusAns', token: req.token, result: 0, body: STATUS_BLOCK });
    expect((await get('config/info', { devEUI: w.relay, kind: 'status' })).data[0]).toMatchObject({
      state: 'done',
      result: 0,
    });
    const st = (await get('status', { devEUI: w.relay })).data;
    expect(st).toMatchObject({ status: 0, workMode: 1, slaveNum: 2, battery: 87, voltage: 3.62, temperature: 23.5 });
    expect(st.wake).toBe(true);
    expect(st.reportedAt).toBeGreaterThan(0);
    const hist = await get('status/history', { devEUI: w.relay });
    expect(hist.amount).toBe(1);
    expect(hist.data[0].values).toMatchObject({ voltage: 3.62, battery: 87 });
  });

  it('a refused answer closes the request with the device’s result', async () => {
    const dev = deviceSide(t, w.relay);
    await post('event/query', { devEUI: w.relay, query: 'firmware' });
    const req = await dev.lastRelay();
    await dev.relay({ type: 'FwVersionAns', token: req.token, result: 4, body: null });
    expect((await get('config/info', { devEUI: w.relay, kind: 'firmware' })).data[0]).toMatchObject({
      state: 'refused',
      result: 4,
    });
    await post('event/query', { devEUI: w.relay, query: 'firmware' });
    const again = await dev.lastRelay();
    expect(again.token).toBe((req.token + 1) % 256);
    await dev.relay({
      type: 'FwVersionAns',
      token: again.token,
      result: 0,
      body: { srcFwVersion: 0x01020000, destFwVersion: 0, fwSign: 0 },
    });
    expect((await get('status', { devEUI: w.relay })).data).toMatchObject({
      fwVersion: '1.2.0.0',
      destFwVersion: null,
      fwSign: null,
    });
  });

  it('config post: ranges refused naming the field; delays and modes in effect once confirmed', async () => {
    const body = (c: Record<string, unknown>) => ({
      devEUI: w.relay,
      config: { ...RELAY_CONFIG, ...c },
      workMode: 1,
      backwardMode: 2,
    });
    expect(await post('config', body({ joinDelaySteps: 0 }))).toMatchObject({
      code: 1007,
      field: 'config.joinDelaySteps',
    });
    expect(await post('config', body({ hbDelayMax: 30000 }))).toMatchObject({ code: 1007, field: 'config.hbDelayMax' });
    expect(await post('config', body({ checkNetDelayMin: 4294967296 }))).toMatchObject({
      field: 'config.checkNetDelayMin',
    });
    expect(await post('config', { ...body({}), workMode: 7 })).toMatchObject({ code: 1007, field: 'workMode' });
    expect(await post('config', { ...body({}), workMode: undefined })).toMatchObject({ code: 1006, field: 'workMode' });
    expect(await post('config', { ...body({}), config: 'x' })).toMatchObject({ code: 1007, field: 'config' });
    expect(
      await post('config', {
        devEUI: w.relay,
        config: {
          period: 2,
          baudrate: 9600,
          parity: 0,
          databits: 8,
          timeout: 6,
          isConfirmed: true,
          isReply: false,
          isSendTimeStap: false,
          isSubPacket: false,
        },
      }),
    ).toMatchObject({ code: 1007, field: 'config' });

    const dev = deviceSide(t, w.relay);
    const set = await post('config', body({}));
    expect(set).toMatchObject({
      code: 0,
      data: { kind: 'configSet', state: 'queued', body: { config: RELAY_CONFIG } },
    });
    expect(await post('config', body({}))).toMatchObject({ code: 18005 });
    const [modeDown, setDown] = await dev.queued();
    const { decodeRhf3mr01 } = await import('@lns/lorawan/relay/rhf3mr01');
    const setReq = decodeRhf3mr01(Buffer.from(setDown!.data, 'hex'), 'down') as { type: string; token: number };
    const modeReq = decodeRhf3mr01(Buffer.from(modeDown!.data, 'hex'), 'down') as { type: string; token: number };
    expect([setReq.type, modeReq.type]).toEqual(['ConfigSetReq', 'ModeSetReq']);
    const info = await get('config', { devEUI: w.relay });
    expect(info.data).toMatchObject({ productType: 'rhf3mr01', config: null, pending: { kind: 'configSet' } });

    // The relay refuses the block (result 3): nothing changes in effect.
    await dev.relay({ type: 'ConfigSetAns', token: setReq.token, result: 3 });
    await dev.relay({ type: 'ModeSetAns', token: modeReq.token, result: 0 });
    expect((await get('config', { devEUI: w.relay })).data).toMatchObject({
      config: null,
      modes: { workMode: 1, backwardMode: 2 },
      pending: null,
    });
    const reqs = (await get('config/info', { devEUI: w.relay, kind: 'configSet' })).data;
    expect(reqs[0]).toMatchObject({ state: 'refused', result: 3 });

    await post('config', body({ joinDelayMax: 90000 }));
    const second = decodeRhf3mr01(Buffer.from((await dev.queued())[1]!.data, 'hex'), 'down') as { token: number };
    await dev.relay({ type: 'ConfigSetAns', token: second.token, result: 0 });
    expect((await get('config', { devEUI: w.relay })).data.config).toEqual({ ...RELAY_CONFIG, joinDelayMax: 90000 });

    // ConfigGetAns brings what the relay runs.
    await post('event/query', { devEUI: w.relay, query: 'configGet' });
    const get1 = await dev.lastRelay();
    await dev.relay({ type: 'ConfigGetAns', token: get1.token, result: 0, body: RELAY_CONFIG });
    expect((await get('config', { devEUI: w.relay })).data.config).toEqual(RELAY_CONFIG);
    const all = await get('config/info', { devEUI: w.relay, pageSize: 2, pageNo: 1, orderType: 'asc' });
    expect(all.amount).toBeGreaterThanOrEqual(6);
    expect(all.data.map((r: { kind: string }) => r.kind)).toEqual(['status', 'firmware']);
  });

  it('reports: StatusReport to the history, EventReports to the record, slave and link changes', async () => {
    const dev = deviceSide(t, w.relay);
    await dev.relay({ type: 'StatusReport', ...STATUS_BLOCK, battery: 255, temperature: -55 });
    const st = (await get('status', { devEUI: w.relay })).data;
    expect(st).toMatchObject({ battery: null, temperature: -5.5 });
    await dev.relay({ type: 'EventReport', event: 1, devEUI: w.slaves[3]!, uptime: 86400 });
    await dev.relay({ type: 'EventReport', event: 5, devEUI: w.slaves[3]!, uptime: 86500 });
    await dev.relay({ type: 'EventReport', event: 6, devEUI: '0000000000000000', uptime: 86600 });
    const ev = await get('event/record', { devEUI: w.relay, orderType: 'asc' });
    expect(ev.data.map((e: { event: number; slaveDevEUI: string | null }) => [e.event, e.slaveDevEUI])).toEqual([
      [1, w.slaves[3]],
      [5, w.slaves[3]],
      [6, null],
    ]);
    expect((await get('event/record', { devEUI: w.relay, event: 6 })).amount).toBe(1);
    expect((await get('status', { devEUI: w.relay })).data.link).toBe(1);
    const rec = await get('status/record', { devEUI: w.relay, slaveDevEUI: w.slaves[3], orderType: 'asc' });
    expect(rec.data.map((r: { from: number | null; to: number }) => [r.from, r.to])).toEqual([
      [null, 1],
      [1, 3],
    ]);
    const h2 = await get('status/history', { devEUI: w.relay });
    expect(h2.amount, JSON.stringify(h2)).toBe(2);
  });

  it('a relay downlink: fPort 1..223 on the relay, kept as a payload row', async () => {
    expect(await post('downlink/create', { devEUI: w.relay, data: '0102' })).toMatchObject({
      code: 1006,
      field: 'fPort',
    });
    expect(await post('downlink/create', { devEUI: w.relay, fPort: 224, data: '0102' })).toMatchObject({
      code: 1007,
      field: 'fPort',
    });
    expect(await post('downlink/create', { devEUI: w.relay, fPort: 5, data: '01x2' })).toMatchObject({
      code: 1007,
      field: 'data',
    });
    const r = await post('downlink/create', { devEUI: w.relay, fPort: 5, data: 'CAFE', confirmed: true });
    expect(r).toMatchObject({ code: 0, data: { direction: 'down', fPort: 5, data: 'cafe', parts: 1, status: 0 } });
    const [down] = await deviceSide(t, w.relay).queued();
    expect(down).toMatchObject({ fPort: 5, data: 'cafe', confirmed: true });
    const list = await get('downlink/payloads', { devEUI: w.relay, direction: 'down' });
    expect(list).toMatchObject({ amount: 1, data: [{ data: 'cafe' }] });
  });
});
