import { setTimeout as sleep } from 'node:timers/promises';
import { FUOTA_DEVICE_STATE as D, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { FecDecoder } from '@lns/lorawan/applayer/ts004-fec';
import { openDataFrame } from '@lns/lorawan/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import { abpDevice } from '../../../test/devices-fixtures';
import { type FuotaMember, fuotaMember } from '../../../test/fuota-member';
import type { PullResp, TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { gatewayBody, mcGroup } from '../../http/multicast/fixtures';
import type { DataPlane } from '../dataplane';
import { FuotaRunner } from './runner';

const image = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff));
const dataUrl = (b: Buffer) => `data:application/octet-stream;base64,${b.toString('base64')}`;

/**
 * The FUOTA session state machine over the real UDP socket: devices are ABP class A members of a
 * group without remote setup; their TS004 answers ride on uplinks, the fragments are read off the
 * gateway's PULL_RESPs and rebuilt with the TS004 decoder.
 */
describe('FUOTA sessions over the real UDP socket', () => {
  let t: TestApp;
  let dp: DataPlane;
  let admin: string;
  let gw: TestGateway;
  let appID: number;
  let devN = 0x700;
  let groupN = 0x70;
  let lastGroup: string | undefined;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30', FUOTA_FRAGMENT_INTERVAL_MS: '15', FUOTA_ANSWER_WAIT_S: '5' });
    const started = await startDataPlane(t);
    dp = started.dp;
    t.services.fuota.start();
    admin = await t.login();
    appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'fuota' })).body.data.appID;
    gw = await connectGateway(t, admin, started.port, gatewayBody(0x70).gwID);
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  /** A group without remote setup holding `n` fresh ABP devices and the test gateway. */
  async function groupWith(n: number) {
    const g = mcGroup(++groupN);
    expect((await t.call(admin, 'POST', '/api/mcgroup/create', g)).body.code).toBe(0);
    const devices = [];
    for (let i = 0; i < n; i++) {
      const d = abpDevice(++devN);
      expect((await t.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
      devices.push(fuotaMember(gw, t.services, d));
    }
    const devEUIs = devices.map((d) => d.d.devEUI);
    expect((await t.call(admin, 'POST', '/api/mcdevice/create', { mcEUI: g.mcEUI, devEUIs })).body.code).toBe(0);
    // A gateway belongs to one group at a time.
    if (lastGroup)
      await t.call(admin, 'POST', '/api/mcgateway/delete', { mcEUI: lastGroup, gwIDs: [gatewayBody(0x70).gwID] });
    lastGroup = g.mcEUI;
    const gwRes = await t.call(admin, 'POST', '/api/mcgateway/create', {
      mcEUI: g.mcEUI,
      gwIDs: [gatewayBody(0x70).gwID],
    });
    expect(gwRes.body.code).toBe(0);
    return { g, devices };
  }

  /** The group's multicast TS004 frames sent so far (fragments and status requests), decrypted. */
  function multicastFrames(g: ReturnType<typeof mcGroup>): Ts004Command[] {
    return gw.pullResps().flatMap((r) => {
      const txpk = (r as PullResp).txpk;
      if (!txpk.imme) return [];
      const opened = openDataFrame(Buffer.from(txpk.data, 'base64'), {
        nwkSKey: String(g.mcNwkSKey),
        appSKey: String(g.mcAppSKey),
        lastFCnt: null,
      });
      if (opened.frame.devAddr !== g.mcAddr || opened.frame.fPort !== 201 || !opened.payload) return [];
      return ts004.decode(opened.payload, 'down');
    });
  }

  const task = async (fdID: number) => (await t.call(admin, 'GET', '/api/fuota/info', { fdID })).body.data;
  const devicesOf = async (fdID: number) =>
    (await t.call(admin, 'GET', '/api/fuota/devices', { fdID, orderBy: 'devEUI', orderType: 'asc' })).body.data;
  async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (ok(v) || Date.now() > end) return v;
      await sleep(50);
    }
  }

  it('runs setup, fragments, status and delete; a device that rebuilt the image is done, one that missed fragments says so', async () => {
    const { g, devices } = await groupWith(2);
    const [a, b] = devices as [FuotaMember, FuotaMember];
    const firmware = image(700, 3);
    const created = await t.call(admin, 'POST', '/api/fuota/create', {
      mcEUI: g.mcEUI,
      firmwareName: 'fw-1',
      redundancyPercent: 50,
      payload: dataUrl(firmware),
      oldVersion: '1.0.0',
      newVersion: '1.1.0',
    });
    expect(created.body.code).toBe(0);
    const fdID = created.body.data.fdID as number;
    // A group without remote setup: its members count as joined at once.
    await until(
      () => task(fdID),
      (x) => x.state === S.SEND_FRAG_SESS_SETUP,
    );
    expect((await devicesOf(fdID)).map((d: { state: number }) => d.state)).toEqual([D.MC_JOINED, D.MC_JOINED]);
    const second = await t.call(admin, 'POST', '/api/fuota/create', {
      mcEUI: g.mcEUI,
      firmwareName: 'fw-2',
      payload: dataUrl(firmware),
    });
    expect(second.body).toMatchObject({ code: 16001, field: 'mcEUI' });

    await a.requested();
    const [setupA] = await a.uplink();
    expect(setupA).toMatchObject({
      type: 'FragSessionSetupReq',
      fragIndex: 0,
      mcGroupBitMask: 0b1111,
      nbFrag: 15, // 700 bytes in 48-byte fragments (EU868 RX2 DR0: 51 − 3)
      fragSize: 48,
      fragAlgo: 0,
      padding: 15 * 48 - 700,
    });
    expect((setupA as { descriptor: string }).descriptor).toBe((await task(fdID)).digest.slice(0, 8));
    const setupAns = (fragIndex: number) =>
      ({
        type: 'FragSessionSetupAns',
        fragIndex,
        encodingUnsupported: false,
        notEnoughMemory: false,
        fragSessionIndexNotSupported: false,
        wrongDescriptor: false,
      }) as const;
    await a.uplink(setupAns(0));
    await b.requested();
    expect((await b.uplink()).map((c) => c.type)).toEqual(['FragSessionSetupReq']);
    await b.uplink(setupAns(0));

    // Fragments: 15 uncoded and ceil(15 × 50 %) = 8 parity ones, then the status request.
    const info = await until(
      () => task(fdID),
      (x) => x.state === S.SEND_FRAG_SESS_STATUS,
    );
    expect(info).toMatchObject({ nbFrag: 15, redundancy: 8, fragsSent: 23, status: 'upgrading' });
    const frames = await until(
      async () => multicastFrames(g),
      (f) => f.some((c) => c.type === 'FragSessionStatusReq'),
    );
    const frags = frames.filter((c) => c.type === 'DataFragment') as Extract<Ts004Command, { type: 'DataFragment' }>[];
    expect(frags.map((f) => f.n)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    // Rebuilt from the parity fragments with four uncoded ones lost.
    const dec = new FecDecoder(15, 48);
    for (const f of frags.filter((x) => ![2, 5, 9, 14].includes(x.n))) dec.push(f.n, f.data);
    expect(Buffer.from(dec.result(15 * 48 - 700))).toEqual(firmware);

    const statusAns = (missingFrag: number) =>
      ({
        type: 'FragSessionStatusAns',
        nbFragReceived: 23 - missingFrag,
        fragIndex: 0,
        missingFrag,
        notEnoughMatrixMemory: false,
      }) as const;
    await a.uplink(statusAns(0));
    await b.uplink(statusAns(3));
    await until(
      () => task(fdID),
      (x) => x.state === S.SEND_FRAG_SESS_DEL,
    );
    await a.requested();
    expect(await a.uplink()).toEqual([{ type: 'FragSessionDeleteReq', fragIndex: 0 }]);
    await a.uplink({ type: 'FragSessionDeleteAns', fragIndex: 0, sessionDoesNotExist: false });
    await b.requested();
    expect(await b.uplink()).toEqual([{ type: 'FragSessionDeleteReq', fragIndex: 0 }]);
    await b.uplink({ type: 'FragSessionDeleteAns', fragIndex: 0, sessionDoesNotExist: false });

    const done = await until(
      () => task(fdID),
      (x) => x.state === S.DONE,
    );
    expect(done).toMatchObject({ status: 'completed', progress: 100, doneNums: 1, failedNums: 1, error_message: null });
    const rows = await devicesOf(fdID);
    expect(rows[0]).toMatchObject({ state: D.DONE, nbFragMissing: 0, error_message: null });
    expect(rows[1]).toMatchObject({
      state: D.FRAG_SESS_DEL_ANS,
      nbFragMissing: 3,
      error_message: 'missing 3 fragments',
    });
    // The group is free for the next task; a finished task can be deleted, not aborted.
    expect((await t.call(admin, 'POST', '/api/fuota/abort', { fdID })).body.code).toBe(16003);
    expect((await t.call(admin, 'POST', '/api/fuota/delete', { fdIDs: [fdID] })).body.code).toBe(0);
    expect((await t.call(admin, 'GET', '/api/fuota/info', { fdID })).body.code).toBe(16004);
  }, 90_000);

  it('goes on with the next fragment after a restart, and an abort stops the fragments', async () => {
    const { g, devices } = await groupWith(1);
    const [a] = devices as [FuotaMember];
    const created = await t.call(admin, 'POST', '/api/fuota/create', {
      mcEUI: g.mcEUI,
      firmwareName: 'fw-restart',
      redundancyPercent: 30,
      payload: dataUrl(image(48 * 60, 9)),
    });
    const fdID = created.body.data.fdID as number;
    await until(
      () => task(fdID),
      (x) => x.state === S.SEND_FRAG_SESS_SETUP,
    );
    await a.requested();
    await a.uplink();
    await a.uplink({
      type: 'FragSessionSetupAns',
      fragIndex: 0,
      encodingUnsupported: false,
      notEnoughMemory: false,
      fragSessionIndexNotSupported: false,
      wrongDescriptor: false,
    });
    await until(
      () => task(fdID),
      (x) => x.fragsSent >= 10,
    );
    // The instance stops mid-transfer; a new runner (a restarted server) takes the task from the database.
    await t.services.fuota.stop();
    const sentBefore = (await task(fdID)).fragsSent as number;
    const restarted = new FuotaRunner(dp);
    restarted.start();
    try {
      await until(
        () => task(fdID),
        (x) => x.fragsSent >= sentBefore + 5,
      );
      // The fragment in flight when the instance stopped may go out again after the restart (a
      // device ignores a fragment it has): each number once, in order, is what counts.
      const fragmentNs = () =>
        multicastFrames(g)
          .filter((c) => c.type === 'DataFragment')
          .map((c) => (c as { n: number }).n)
          .filter((n, i, all) => i === 0 || n !== all[i - 1]);
      // A minute, not the usual 15 s: a loaded CI host has shown the gateway 12 of 16 counted
      // fragments after 15 s; what matters is that they all leave, in order.
      const ns = await until(
        async () => fragmentNs(),
        (x) => x.length >= sentBefore + 5,
        60_000,
      );
      // Past the restart, in order and without a gap. The last one the runner counted may still be on
      // its way (a loaded CI host once showed 15 of 16 within the wait), so it is not required.
      expect(ns.length).toBeGreaterThanOrEqual(sentBefore + 4);
      expect(ns).toEqual(Array.from({ length: ns.length }, (_, i) => i + 1));

      expect((await t.call(admin, 'POST', '/api/fuota/abort', { fdID })).body.code).toBe(0);
      const aborted = await task(fdID);
      expect(aborted).toMatchObject({ state: S.SEND_FRAG_SESS_DEL, error_message: 'aborted by admin' });
      await sleep(500);
      // At most the one fragment in flight when the abort came (its count was not saved).
      expect(Math.max(...fragmentNs())).toBeLessThanOrEqual(aborted.fragsSent + 1);
      await a.requested();
      expect(await a.uplink()).toEqual([{ type: 'FragSessionDeleteReq', fragIndex: 0 }]);
      await a.uplink({ type: 'FragSessionDeleteAns', fragIndex: 0, sessionDoesNotExist: false });
      const done = await until(
        () => task(fdID),
        (x) => x.state === S.DONE,
      );
      expect(done).toMatchObject({ status: 'abnormal', error_message: 'aborted by admin', doneNums: 0 });
    } finally {
      await restarted.stop();
      t.services.fuota.start();
    }
  }, 90_000);
});
