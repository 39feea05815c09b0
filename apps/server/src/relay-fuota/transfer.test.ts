import { setTimeout as sleep } from 'node:timers/promises';
import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { fuotaApi } from '@lns/contract/api/fuota';
import { mcDeviceApi, mcGatewayApi, mcGroupApi } from '@lns/contract/api/multicast';
import { relayFuotaApi } from '@lns/contract/api/relay';
import { FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import type { Ts004Command } from '@lns/lorawan/applayer/ts004';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { type FuotaMember, fuotaMember } from '../../test/fuota-member';
import type { TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { gatewayBody, mcGroup } from '../http/multicast/fixtures';

const image = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 17 + 5) & 0xff));

/**
 * A relay firmware task whose FUOTA run goes through for real: the runner over the real UDP socket,
 * two ABP relays answering as in docs/protocols/fuota.md, and a plain device of the same group
 * that the run leaves alone.
 */
describe('a relay firmware task runs its FUOTA transfer', () => {
  let t: TestApp;
  let admin: string;
  let gw: TestGateway;

  beforeAll(async () => {
    t = await createTestApp({ DEDUP_WINDOW_MS: '30', FUOTA_FRAGMENT_INTERVAL_MS: '15', FUOTA_ANSWER_WAIT_S: '5' });
    const { port } = await startDataPlane(t);
    t.services.fuota.start();
    admin = await t.login();
    gw = await connectGateway(t, admin, port, gatewayBody(0x90).gwID);
  });
  afterAll(async () => {
    gw?.close();
    await t.close();
  });

  const post = async (path: string, data: Record<string, unknown>) => (await t.call(admin, 'POST', path, data)).body;
  async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (ok(v) || Date.now() > end) return v;
      await sleep(50);
    }
  }

  it('enable → the relays take the image → state 2, progress 100', async () => {
    const appID = (await post(applicationApi.create.path, { appName: 'relay-fw' })).data.appID;
    const g = mcGroup(0x90);
    expect((await post(mcGroupApi.create.path, g)).code).toBe(0);
    const make = async (n: number, productType: string) => {
      const d = abpDevice(0xb00 + n, { productType });
      expect((await post(deviceApi.create.path, { appID, ...d })).code).toBe(0);
      return fuotaMember(gw, t.services, d);
    };
    const relays = [await make(1, 'rhf3mr01'), await make(2, 'rhf3mr01')];
    const other = await make(3, 'lorawan');
    const devEUIs = [...relays, other].map((m) => m.d.devEUI);
    expect((await post(mcDeviceApi.create.path, { mcEUI: g.mcEUI, devEUIs })).code).toBe(0);
    expect((await post(mcGatewayApi.create.path, { mcEUI: g.mcEUI, gwIDs: [gatewayBody(0x90).gwID] })).code).toBe(0);

    const created = await post(relayFuotaApi.create.path, {
      mcEUI: g.mcEUI,
      firmwareName: 'relay-2.0',
      payload: `data:application/octet-stream;base64,${image.toString('base64')}`,
      srcFwVersion: '1.0',
      destFwVersion: '2.0',
    });
    const fdID = created.data.fdID as number;
    expect((await post(relayFuotaApi.enable.path, { fdID })).data).toMatchObject({ state: R.UPGRADING });
    const task = async () =>
      (await t.call(admin, 'GET', relayFuotaApi.list.path, {})).body.data.find(
        (x: { fdID: number }) => x.fdID === fdID,
      );
    const run = async () => (await t.call(admin, 'GET', fuotaApi.list.path, { mcEUI: g.mcEUI })).body.data[0];
    await until(run, (x) => x.state === S.SEND_FRAG_SESS_SETUP);

    const answerEach = async (expected: Ts004Command['type'], answer: Ts004Command) => {
      for (const m of relays as FuotaMember[]) {
        await m.requested();
        expect((await m.uplink()).map((c) => c.type)).toEqual([expected]);
        await m.uplink(answer);
      }
    };
    await answerEach('FragSessionSetupReq', {
      type: 'FragSessionSetupAns',
      fragIndex: 0,
      encodingUnsupported: false,
      notEnoughMemory: false,
      fragSessionIndexNotSupported: false,
      wrongDescriptor: false,
    });
    // Not a relay: no session for it.
    expect(await other.uplink()).toEqual([]);
    await until(run, (x) => x.state === S.SEND_FRAG_SESS_STATUS);
    const status = {
      type: 'FragSessionStatusAns',
      fragIndex: 0,
      missingFrag: 0,
      notEnoughMatrixMemory: false,
    } as const;
    for (const m of relays) await m.uplink({ ...status, nbFragReceived: (await run()).fragsSent });
    await until(run, (x) => x.state === S.SEND_FRAG_SESS_DEL);
    expect((await task()).state).toBe(R.UPGRADING);
    await answerEach('FragSessionDeleteReq', {
      type: 'FragSessionDeleteAns',
      fragIndex: 0,
      sessionDoesNotExist: false,
    });

    const done = await until(task, (x) => x.state !== R.UPGRADING);
    expect(done).toMatchObject({ state: R.COMPLETED, progress: 100, errorMessage: null });
    expect(done.durationtime).toBeGreaterThanOrEqual(1);
    expect(await run()).toMatchObject({ status: 'completed', deviceNums: 2, doneNums: 2 });
    const rows = (await t.call(admin, 'GET', relayFuotaApi.mcDevices.path, { mcEUI: g.mcEUI, fdID })).body.data;
    expect(rows.map((r: { state: number }) => r.state)).toEqual([R.COMPLETED, R.COMPLETED]);
  }, 90_000);
});
