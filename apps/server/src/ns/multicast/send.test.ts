import { gpsTimeMs, pingSlots, unixTimeMs } from '@lns/lorawan/classb';
import { openDataFrame } from '@lns/lorawan/frames';
import type { Txpk } from '@lns/semtech-udp/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import type { TestGateway } from '../../../test/gateway';
import { isPullResp, type PullResp } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { gatewayBody, mcGroup } from '../../http/multicast/fixtures';

describe('multicast downlinks over the real UDP socket', () => {
  let t: TestApp;
  let alice: string;
  let g1: TestGateway;
  let g2: TestGateway;
  let port: number;
  const classC = mcGroup(1);
  const classB = mcGroup(2, { mcClass: 'B', pingSlotPeriod: 1 });

  beforeAll(async () => {
    t = await createTestApp();
    port = (await startDataPlane(t)).port;
    alice = (await t.userWithToken('mcdl-alice')).token;
    g1 = await connectGateway(t, alice, port, 'a840410000000c01');
    g2 = await connectGateway(t, alice, port, 'a840410000000c02');
    for (const g of [classC, classB]) expect((await t.call(alice, 'POST', '/api/mcgroup/create', g)).body.code).toBe(0);
    const bind = await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: classC.mcEUI, gwIDs: [g1.eui, g2.eui] });
    expect(bind.body.code).toBe(0);
  });
  afterAll(async () => {
    g1?.close();
    g2?.close();
    await t.close();
  });

  const send = (body: Record<string, unknown>) => t.call(alice, 'POST', '/api/mcdownlink/create', body);
  const open = (txpk: Txpk, g: Record<string, unknown>) =>
    openDataFrame(Buffer.from(txpk.data, 'base64'), {
      nwkSKey: String(g.mcNwkSKey),
      appSKey: String(g.mcAppSKey),
      lastFCnt: null,
    });

  it('class C: one frame through every member gateway at once on RX2, readable with the group keys; the FCnt moves on', async () => {
    const seen = [g1.waitFor(isPullResp, 3000, true), g2.waitFor(isPullResp, 3000, true)];
    const res = await send({ mcEUI: classC.mcEUI, fPort: 10, data: 'CAFE01' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ fCnt: 0, fPort: 10, data: 'cafe01', mcClass: 'C', gatewayNums: 2 });
    const [r1, r2] = (await Promise.all(seen)) as PullResp[];
    for (const r of [r1!, r2!]) {
      expect(r.txpk).toMatchObject({ imme: true, freq: 869.525, datr: 'SF12BW125', ipol: true });
      const opened = open(r.txpk, classC);
      expect(opened.micValid).toBe(true);
      expect(opened.frame.devAddr).toBe(classC.mcAddr);
      expect(opened.payload!.toString('hex')).toBe('cafe01');
      g1.txAck(r.token);
    }
    g2.txAck(r2!.token, 'COLLISION_PACKET');

    const second = g1.waitFor(isPullResp, 3000, true);
    expect((await send({ mcEUI: classC.mcEUI, fPort: 10, data: '02' })).body.data.fCnt).toBe(1);
    expect(open(((await second) as PullResp).txpk, classC).fCnt).toBe(1);

    const history = (await t.call(alice, 'GET', '/api/mcdownlink/history', { mcEUI: classC.mcEUI })).body;
    expect(history.amount).toBe(2);
    const first = history.data[1];
    let status = (await t.call(alice, 'GET', '/api/mcdownlink/status', { mcEUI: classC.mcEUI, msgID: first.msgID }))
      .body;
    for (let i = 0; i < 50 && status.data.status === 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await t.call(alice, 'GET', '/api/mcdownlink/status', { mcEUI: classC.mcEUI, msgID: first.msgID })).body;
    }
    expect(status.data).toMatchObject({ status: 2, sentNums: 1 });
    expect(status.data.gateways).toEqual([
      expect.objectContaining({ gwID: g1.eui, delivery: 'success', error: null }),
      expect.objectContaining({ gwID: g2.eui, delivery: 'error', error: 'COLLISION_PACKET' }),
    ]);
    const group = (await t.call(alice, 'GET', '/api/mcgroup/info', { mcEUI: classC.mcEUI })).body.data;
    expect(group.syncFCnt).toBe(2);
  });

  it('with the extension the second gateway sends one time slot (300 ms a level) after the first', async () => {
    const spread = mcGroup(3, { enableMCExt: true, timeSlotLength: 2 });
    expect((await t.call(alice, 'POST', '/api/mcgroup/create', spread)).body.code).toBe(0);
    // The gateways already serve the class C group: move them over.
    await t.call(alice, 'POST', '/api/mcgateway/delete', { mcEUI: classC.mcEUI, gwIDs: [g1.eui, g2.eui] });
    await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: spread.mcEUI, gwIDs: [g1.eui, g2.eui] });
    const first = g1.waitFor(isPullResp, 3000, true).then(() => performance.now());
    const second = g2.waitFor(isPullResp, 3000, true).then(() => performance.now());
    expect((await send({ mcEUI: spread.mcEUI, fPort: 1, data: '01' })).body.code).toBe(0);
    expect((await second) - (await first)).toBeGreaterThanOrEqual(550);
    await t.call(alice, 'POST', '/api/mcgateway/delete', { mcEUI: spread.mcEUI, gwIDs: [g1.eui, g2.eui] });
    await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: classC.mcEUI, gwIDs: [g1.eui, g2.eui] });
  });

  it('class B: leaves at the group’s next ping slot (tmms) through class B gateways only', async () => {
    const noGw = await send({ mcEUI: classB.mcEUI, fPort: 3, data: '01' });
    expect(noGw.body).toMatchObject({ code: 14017, field: 'mcEUI' });
    const gwB = await connectGateway(t, alice, port, 'a840410000000c03');
    const upd = await t.call(alice, 'POST', '/api/gateway/update', {
      ...gatewayBody(0),
      gwID: gwB.eui,
      gwName: gwB.eui,
      gwType: 'generic',
      enableClassB: true,
    });
    expect(upd.body.code).toBe(0);
    expect(
      (await t.call(alice, 'POST', '/api/mcgateway/create', { mcEUI: classB.mcEUI, gwIDs: [gwB.eui] })).body.code,
    ).toBe(0);
    const seen = gwB.waitFor(isPullResp, 5000, true);
    const before = gpsTimeMs(Date.now());
    const res = await send({ mcEUI: classB.mcEUI, fPort: 3, data: '01' });
    expect(res.body.code).toBe(0);
    expect(res.body.data.sendAt).toBeGreaterThan(Date.now());
    const { txpk } = (await seen) as PullResp;
    expect(txpk.imme).toBeUndefined();
    const tmms = txpk.tmms!;
    expect(tmms).toBeGreaterThan(before);
    // periodicity 0 (a slot about every second): the slot is one of the group's in its beacon period.
    const beacon = Math.floor(tmms / 128_000) * 128;
    expect(pingSlots(beacon, classB.mcAddr, 0)).toContain(tmms);
    expect(unixTimeMs(tmms)).toBe(res.body.data.sendAt);
    gwB.close();
  });

  it('refuses bad requests with the field named and sends nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ mcEUI: classC.mcEUI, fPort: 0, data: '01' }, 1007, 'fPort'],
      [{ mcEUI: classC.mcEUI, fPort: 129, data: '01' }, 1007, 'fPort'],
      [{ mcEUI: classC.mcEUI, fPort: 1, data: 'xyz' }, 1007, 'data'],
      [{ mcEUI: classC.mcEUI, fPort: 1, data: '' }, 1006, 'data'],
      [{ mcEUI: classC.mcEUI, fPort: 1, data: '01', confirmed: true }, 1007, 'confirmed'],
      [{ mcEUI: classC.mcEUI, fPort: 1, data: '00'.repeat(60) }, 1007, 'data'],
      [{ mcEUI: 'ffffffffffffffff', fPort: 1, data: '01' }, 14001, 'mcEUI'],
    ];
    for (const [body, code, field] of cases) {
      const res = await send(body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    const history = (await t.call(alice, 'GET', '/api/mcdownlink/history', { mcEUI: classC.mcEUI })).body;
    expect(history.amount).toBe(2);
  });
});
