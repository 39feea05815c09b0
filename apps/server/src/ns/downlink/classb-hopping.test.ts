import { API } from '@lns/contract/api/index';
import { gpsTimeMs, pingSlots } from '@lns/lorawan/classb';
import { openDataFrame } from '@lns/lorawan/frames';
import { encodeMacCommands } from '@lns/lorawan/mac';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, settle, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { isPullResp, type PullResp, rxpkOf, TestGateway, us915PingSlotMHz } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { DataPlane } from '../dataplane';

describe('class B in a hopping region (US915) over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let alice: string;
  let gw: TestGateway;
  // Two devices whose addresses differ by 1: in one beacon period they listen on neighbouring channels.
  const devs = [0xb11, 0xb12].map((n) => abpDevice(n, { class: 'B', region: 'us915', subnet: 'us915-2' }));
  let tmst = 1_000_000;
  const uplink = (d: (typeof devs)[number], fCnt: number, fOpts?: Buffer) => {
    tmst += 5_000_000;
    // Sub-band 2, channel 8: 903.9 MHz, DR3.
    gw.push([rxpkOf(abpSession(d)({ fCnt, fOpts }), { tmst, freq: 903.9, datr: 'SF7BW125' })]);
  };

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30' });
    const started = await startDataPlane(t);
    dp = started.dp;
    alice = (await t.userWithToken('classb-us-alice')).token;
    const gwID = 'a840410000000e11';
    const created = await t.call(alice, 'POST', API.gateway.create.path, {
      gwID,
      gwName: gwID,
      region: 'us915',
      subnet: 'us915-2',
      gwType: 'generic',
      txPower: 0,
      enableClassB: true,
    });
    expect(created.body.code).toBe(0);
    gw = await new TestGateway(gwID, started.port).open();
    gw.pull();
    await gw.waitFor((d) => d.kind === 'PULL_ACK');
    const appID = (await t.call(alice, 'POST', API.application.create.path, { appName: 'class-b-us' })).body.data.appID;
    for (const d of devs)
      expect((await t.call(alice, 'POST', API.device.create.path, { appID, ...d })).body.code).toBe(0);
    // Each device asks for a ping slot about every second (periodicity 0), answered in RX1.
    for (const d of devs) {
      const answered = gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;
      uplink(d, 1, encodeMacCommands([{ type: 'PingSlotInfoReq', periodicity: 0 }]));
      gw.txAck((await answered).token);
      await settle(dp);
    }
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  it('sends each queued downlink with tmms at the hopping frequency of the slot’s beacon period, SF12 BW500', async () => {
    const sent: { devAddr: string; tmms: number; freq: number }[] = [];
    for (const d of devs) {
      for (const data of ['b1', 'b2']) {
        // Generous: the slot is at most about a second away, but a loaded CI machine may be slow to answer.
        const resp = gw.waitFor(isPullResp, 15_000, true) as Promise<PullResp>;
        const before = gpsTimeMs(Date.now());
        const q = await t.call(alice, 'POST', API.downlink.create.path, { devEUI: d.devEUI, fport: 6, data });
        expect(q.body.code).toBe(0);
        const { txpk, token } = await resp;
        const tmms = txpk.tmms!;
        expect(txpk.imme).toBeUndefined();
        expect(tmms).toBeGreaterThan(before);
        expect(pingSlots(Math.floor(tmms / 128_000) * 128, d.devAddr, 0)).toContain(tmms);
        expect(txpk).toMatchObject({ freq: us915PingSlotMHz(d.devAddr, tmms), datr: 'SF12BW500' });
        const down = openDataFrame(Buffer.from(txpk.data, 'base64'), { ...d, lastFCnt: 0 });
        expect(down.payload?.toString('hex')).toBe(data);
        gw.txAck(token);
        await settle(dp);
        sent.push({ devAddr: d.devAddr, tmms, freq: txpk.freq });
      }
    }
    // Neighbouring addresses in one beacon period are one channel apart (+600 kHz, or back from the 8th to the 1st).
    const [a, , b] = sent;
    if (Math.floor(a!.tmms / 128_000) === Math.floor(b!.tmms / 128_000)) {
      expect(Math.round((b!.freq - a!.freq) * 10)).toBeOneOf([6, -42]);
    }
  }, 90_000);
});
