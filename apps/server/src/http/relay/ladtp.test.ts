import { splitFrame } from '@lns/lorawan/relay/reassembly';
import { decodeRhf3m485, encodeDataBody } from '@lns/lorawan/relay/rhf3m485';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deviceSide, LADTP_CONFIG, relayWorld } from './fixtures';

describe('ladtp device API: configuration, heartbeats, RS485 data whole and in sub-packets', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof relayWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await relayWorld(t, 0x7200);
  });
  afterAll(() => t.close());

  const get = (path: string, q: Record<string, unknown>) =>
    t.call(w.alice, 'GET', `/api/relay/device/${path}`, q).then((r) => r.body);
  const post = (path: string, b: Record<string, unknown>) =>
    t.call(w.alice, 'POST', `/api/relay/device/${path}`, b).then((r) => r.body);
  /** A 300-byte RS485 frame. */
  const frame = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff)).toString('hex');

  it('config post: ranges named; ConfigSetAns puts in effect what the device runs, also when it refuses', async () => {
    const dev = deviceSide(t, w.ladtp);
    const body = (c: Record<string, unknown>) => ({ devEUI: w.ladtp, config: { ...LADTP_CONFIG, ...c } });
    expect(await post('config', body({ period: 0 }))).toMatchObject({ code: 1007, field: 'config.period' });
    expect(await post('config', body({ baudrate: 9601 }))).toMatchObject({ field: 'config.baudrate' });
    expect(await post('config', body({ databits: 9 }))).toMatchObject({ field: 'config.databits' });
    expect(await post('config', body({ timeout: 256 }))).toMatchObject({ field: 'config.timeout' });
    expect(await post('config', { ...body({}), workMode: 1 })).toMatchObject({ code: 1007, field: 'workMode' });

    expect((await post('config', body({}))).data).toMatchObject({ kind: 'configSet', state: 'queued' });
    const req = await dev.lastLadtp();
    expect(req).toMatchObject({ type: 'ConfigSetReq', config: LADTP_CONFIG });
    const old = { ...LADTP_CONFIG, period: 1440, isSubPacket: false };
    await dev.ladtp({ type: 'ConfigSetAns', token: (req as { token: number }).token, result: 3, config: old });
    expect((await get('config', { devEUI: w.ladtp })).data).toEqual({
      productType: 'rhf3m485',
      config: old,
      pending: null,
    });
    expect((await get('config/info', { devEUI: w.ladtp })).data[0]).toMatchObject({ state: 'refused', result: 3 });

    await post('config', body({}));
    const again = (await dev.lastLadtp()) as { token: number };
    await dev.ladtp({ type: 'ConfigSetAns', token: again.token, result: 0, config: LADTP_CONFIG });
    expect((await get('config', { devEUI: w.ladtp })).data.config).toEqual(LADTP_CONFIG);
  });

  it('heartbeats and status answers fill the status and its history', async () => {
    const dev = deviceSide(t, w.ladtp);
    await dev.ladtp({ type: 'Heartbeat', voltage: 12050, temperature: -125, rs485Errors: 3, uptime: 3600 });
    expect((await get('status', { devEUI: w.ladtp })).data).toMatchObject({
      productType: 'rhf3m485',
      voltage: 12.05,
      temperature: -12.5,
      rs485Errors: 3,
      uptime: 3600,
    });
    await post('event/query', { devEUI: w.ladtp, query: 'status' });
    const req = (await dev.lastLadtp()) as { type: string; token: number };
    expect(req.type).toBe('StatusReq');
    await dev.ladtp({
      type: 'StatusAns',
      token: req.token,
      result: 0,
      status: { voltage: 12000, temperature: 200, rs485Errors: 4, uptime: 3700 },
    });
    expect((await get('status', { devEUI: w.ladtp })).data).toMatchObject({ rs485Errors: 4, uptime: 3700 });
    const hist = await get('status/history', { devEUI: w.ladtp, orderType: 'asc' });
    expect(hist.data.map((h: { values: { uptime: number } }) => h.values.uptime)).toEqual([3600, 3700]);
  });

  it('a 300-byte RS485 frame arrives whole through 7 sub-packets (a repeat dropped), DataUp whole at once', async () => {
    const dev = deviceSide(t, w.ladtp);
    const body = encodeDataBody({ timestamp: 1_700_000_000, data: frame });
    const parts = splitFrame(body, 51, 42);
    expect(parts).toHaveLength(7);
    for (const [i, p] of parts.entries()) {
      await dev.ladtp({ type: 'DataPartUp', ...p });
      if (i === 2) await dev.ladtp({ type: 'DataPartUp', ...p });
      if (i < 6) expect((await get('downlink/payloads', { devEUI: w.ladtp, direction: 'up' })).amount).toBe(0);
    }
    const up = await get('downlink/payloads', { devEUI: w.ladtp, direction: 'up' });
    expect(up).toMatchObject({
      amount: 1,
      data: [{ fPort: 211, data: frame, parts: 7, readAt: 1_700_000_000_000, status: null }],
    });

    await dev.ladtp({ type: 'DataUp', timestamp: null, data: '0103040001000279f3' });
    const again = await get('downlink/payloads', { devEUI: w.ladtp, direction: 'up' });
    expect(again.data[0]).toMatchObject({ data: '0103040001000279f3', parts: 1, readAt: null });
  });

  it('a reused frameId starts the frame again: the pieces of the old one are dropped', async () => {
    const dev = deviceSide(t, w.ladtp);
    const a = splitFrame(Buffer.from('00' + 'aa'.repeat(120), 'hex'), 51, 7);
    const b = splitFrame(Buffer.from('00' + 'bb'.repeat(120), 'hex'), 51, 7);
    expect(a).toHaveLength(3);
    for (const p of [a[0]!, a[1]!, b[0]!, b[1]!, b[2]!]) await dev.ladtp({ type: 'DataPartUp', ...p });
    const up = await get('downlink/payloads', { devEUI: w.ladtp, direction: 'up' });
    expect(up.data[0]).toMatchObject({ data: 'bb'.repeat(120), parts: 3 });
  });

  it('downlink create: DataDown when it fits, DataPartDowns when not and sub-packets are on, 15001 when off', async () => {
    const dev = deviceSide(t, w.ladtp);
    const small = await post('downlink/create', { devEUI: w.ladtp, data: '010300000002c40b', fPort: 9 });
    expect(small).toMatchObject({ code: 0, data: { direction: 'down', fPort: 211, parts: 1, status: 0 } });
    expect(await dev.lastLadtp()).toEqual({ type: 'DataDown', timestamp: null, data: '010300000002c40b' });

    const big = await post('downlink/create', { devEUI: w.ladtp, data: frame });
    expect(big).toMatchObject({ code: 0, data: { fPort: 211, parts: 7, data: frame } });
    const downs = (await dev.queued()).slice(0, 7).reverse();
    const pieces = downs.map((d) => {
      const m = decodeRhf3m485(Buffer.from(d.data, 'hex'), 'down');
      return m as { type: string; index: number; total: number; bytes: string };
    });
    expect(pieces.map((p) => [p.type, p.index, p.total])).toEqual(
      Array.from({ length: 7 }, (_, i) => ['DataPartDown', i, 7]),
    );
    expect(
      Buffer.from(pieces.map((p) => p.bytes).join(''), 'hex')
        .subarray(1)
        .toString('hex'),
    ).toBe(frame);

    // The device confirms sub-packets off: a long frame is refused.
    await post('config', { devEUI: w.ladtp, config: { ...LADTP_CONFIG, isSubPacket: false } });
    const req = (await dev.lastLadtp()) as { token: number };
    await dev.ladtp({
      type: 'ConfigSetAns',
      token: req.token,
      result: 0,
      config: { ...LADTP_CONFIG, isSubPacket: false },
    });
    expect(await post('downlink/create', { devEUI: w.ladtp, data: frame })).toMatchObject({
      code: 15001,
      field: 'data',
    });
    expect((await get('downlink/payloads', { devEUI: w.ladtp, direction: 'down' })).amount).toBe(2);
  });
});
