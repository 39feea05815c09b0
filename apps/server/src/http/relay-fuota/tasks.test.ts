import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { fileApi } from '@lns/contract/api/files';
import { fuotaApi } from '@lns/contract/api/fuota';
import { gatewayApi } from '@lns/contract/api/gateways';
import { mcDeviceApi, mcGatewayApi, mcGroupApi } from '@lns/contract/api/multicast';
import { relayFuotaApi } from '@lns/contract/api/relay';
import { FUOTA_DEVICE_STATE as D, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import { getRegion } from '@lns/lorawan/regions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fuotaDevices, fuotaTasks } from '../../db/schema/fuota';
import { relayDevices } from '../../db/schema/relay';
import { relayFuotaTasks } from '../../db/schema/relay-fuota';
import { transferEstimateMs } from '../../relay-fuota/estimate';
import { gatewayBody, mcGroup } from '../multicast/fixtures';

/** A relay firmware endpoint, by its key in relayFuotaApi. */
type Task = keyof typeof relayFuotaApi;

const image = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + seed) & 0xff));
const dataUrl = (b: Buffer) => `data:application/octet-stream;base64,${b.toString('base64')}`;

/**
 * Relay firmware tasks over the API. The FUOTA runner is not started: a run stays in its first
 * state until the test moves it (an abort through /api/fuota/abort, or its end written as the
 * runner would); relay/transfer.test.ts runs one for real.
 */
describe('relay firmware tasks API', () => {
  let t: TestApp;
  let admin: string;
  // relays: 2 relays and a plain device; plain: no relay; noGw: a relay, no gateway; busy: a relay and a running FUOTA task.
  const [relays, plain, noGw, busy] = [1, 2, 3, 4].map((n) => mcGroup(0x60 + n));
  const members: Record<string, { relays: string[]; others: string[] }> = {};
  const body = (mcEUI: string, extra: Record<string, unknown> = {}) => ({
    mcEUI,
    firmwareName: 'relay-fw',
    payload: dataUrl(image(500, 1)),
    srcFwVersion: '1.0.0',
    destFwVersion: '1.1.0',
    ...extra,
  });
  let fdID: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    const appID = (await t.call(admin, 'POST', applicationApi.create.path, { appName: 'relays' })).body.data.appID;
    let devN = 0xa00;
    const groups: [typeof relays, number, number, boolean][] = [
      [relays, 2, 1, true],
      [plain, 0, 1, true],
      [noGw, 1, 0, false],
      [busy, 1, 0, true],
    ];
    for (const [i, [g, nRelays, nOthers, gw]] of groups.entries()) {
      expect((await t.call(admin, 'POST', mcGroupApi.create.path, g)).body.code).toBe(0);
      members[g.mcEUI] = { relays: [], others: [] };
      for (let k = 0; k < nRelays + nOthers; k++) {
        const productType = k < nRelays ? 'rhf3mr01' : 'lorawan';
        const d = otaaDevice(++devN, { productType });
        expect((await t.call(admin, 'POST', deviceApi.create.path, { ...d, appID })).body.code).toBe(0);
        members[g.mcEUI]![k < nRelays ? 'relays' : 'others'].push(d.devEUI);
      }
      const devEUIs = [...members[g.mcEUI]!.relays, ...members[g.mcEUI]!.others];
      expect((await t.call(admin, 'POST', mcDeviceApi.create.path, { mcEUI: g.mcEUI, devEUIs })).body.code).toBe(0);
      if (!gw) continue;
      expect((await t.call(admin, 'POST', gatewayApi.create.path, gatewayBody(0x60 + i))).body.code).toBe(0);
      const bind = { mcEUI: g.mcEUI, gwIDs: [gatewayBody(0x60 + i).gwID] };
      expect((await t.call(admin, 'POST', mcGatewayApi.create.path, bind)).body.code).toBe(0);
    }
  });
  afterAll(() => t.close());

  const post = (key: Task, data: Record<string, unknown>) => t.call(admin, 'POST', relayFuotaApi[key].path, data);
  const get = async (key: Task, q: Record<string, unknown> = {}) =>
    (await t.call(admin, 'GET', relayFuotaApi[key].path, q)).body;
  const task = async (id: number) =>
    (await get('list', { pageSize: 1000 })).data.find((x: { fdID: number }) => x.fdID === id);
  const relaysIn = async (mcEUI: string, id?: number) =>
    (await get('mcDevices', { mcEUI, orderBy: 'devEUI', orderType: 'asc', ...(id && { fdID: id }) })).data;
  const runOf = async (id: number) => {
    const [row] = await t.services.db.select().from(relayFuotaTasks).where(eq(relayFuotaTasks.fdId, id));
    return row!.fuotaTaskId!;
  };
  const runDevices = async (run: number) =>
    (await t.call(admin, 'GET', fuotaApi.devices.path, { fdID: run, orderBy: 'devEUI', orderType: 'asc' })).body.data;
  /** Ends a run as the runner's cleanup does: every device done, no error. */
  const complete = async (run: number) => {
    const now = Date.now();
    await t.services.db
      .update(fuotaTasks)
      .set({ state: S.DONE, finishedAt: now, updatedAt: now })
      .where(eq(fuotaTasks.fdId, run));
    await t.services.db.update(fuotaDevices).set({ state: D.DONE }).where(eq(fuotaDevices.fdId, run));
  };

  it('creates a waiting task for the relays of a group', async () => {
    const res = await post('create', body(relays.mcEUI, { redundancyPercent: 40 }));
    expect(res.body).toMatchObject({ code: 0, data: { fdID: expect.any(Number) } });
    fdID = res.body.data.fdID;
    expect(await task(fdID)).toEqual({
      fdID,
      firmwareName: 'relay-fw',
      srcFwVersion: '1.0.0',
      destFwVersion: '1.1.0',
      redundancyPercent: 40,
      mcEUI: relays.mcEUI,
      mcName: relays.mcName,
      state: R.WAITING,
      progress: 0,
      enableTime: null,
      expectendtime: null,
      durationtime: null,
      errorMessage: null,
      createtime: expect.any(Number),
      updatetime: expect.any(Number),
    });
    // Nothing is sent before enable.
    expect((await t.call(admin, 'GET', fuotaApi.list.path, { mcEUI: relays.mcEUI })).body.amount).toBe(0);
  });

  it('refuses a group without relays (18006), an unknown group (14001) and each bad field by name', async () => {
    const count = async () => (await t.services.db.select().from(relayFuotaTasks)).length;
    const before = await count();
    expect((await post('create', body(plain.mcEUI))).body).toMatchObject({ code: 18006, field: 'mcEUI' });
    expect((await post('create', body('aa000000000000ff'))).body).toMatchObject({ code: 14001, field: 'mcEUI' });
    // 1006 a field left out, 1007 one of the wrong form.
    const bad: [Record<string, unknown>, string, number?][] = [
      [{ srcFwVersion: '1.x' }, 'srcFwVersion'],
      [{ srcFwVersion: undefined }, 'srcFwVersion', 1006],
      [{ destFwVersion: '256.0.0' }, 'destFwVersion'],
      [{ destFwVersion: '1.2.3.4.5' }, 'destFwVersion'],
      [{ firmwareName: ' ' }, 'firmwareName', 1006],
      [{ redundancyPercent: 0 }, 'redundancyPercent'],
      [{ redundancyPercent: 101 }, 'redundancyPercent'],
      [{ payload: undefined }, 'payload', 1006],
      [{ payload: 'not a data url' }, 'payload'],
      [{ mcEUI: 'xyz' }, 'mcEUI'],
    ];
    for (const [extra, field, code = 1007] of bad) {
      const res = await post('create', body(relays.mcEUI, extra));
      expect(res.body, JSON.stringify(extra)).toMatchObject({ code, field });
    }
    const file = await post(
      'create',
      body(relays.mcEUI, { payload: undefined, fileUrl: fileApi.download.path.replace(':digest', '0'.repeat(64)) }),
    );
    expect(file.body).toMatchObject({ code: 6003, field: 'fileUrl' });
    expect(await count()).toBe(before);
  });

  it('lists the groups holding relays with their relay count, and a group’s relays', async () => {
    const groups = await get('mcGroups', { orderBy: 'mcName', orderType: 'asc' });
    // By name: group-100, group-97, group-99.
    expect(groups.data.map((g: { mcEUI: string }) => g.mcEUI)).toEqual([busy.mcEUI, relays.mcEUI, noGw.mcEUI]);
    expect(groups.amount).toBe(3);
    expect(groups.data[1]).toEqual({ mcEUI: relays.mcEUI, mcName: relays.mcName, region: 'eu868', relayNums: 2 });
    expect((await get('mcGroups', { pageSize: 1, pageNo: 2, orderBy: 'mcName', orderType: 'asc' })).data).toEqual([
      expect.objectContaining({ mcEUI: relays.mcEUI, relayNums: 2 }),
    ]);
    const outside = await relaysIn(relays.mcEUI);
    expect(outside.map((d: { devEUI: string }) => d.devEUI)).toEqual(members[relays.mcEUI]!.relays);
    expect(outside[0]).toEqual({
      devEUI: members[relays.mcEUI]!.relays[0],
      devName: expect.any(String),
      fwVersion: null,
      state: null,
      errorMessage: null,
      updatetime: null,
    });
    // The firmware a relay reported (FwVersionAns, docs/protocols/rhf3mr01.md), as the device calls keep it.
    const [first] = members[relays.mcEUI]!.relays;
    await t.services.db
      .insert(relayDevices)
      .values({ devEui: first!, srcFwVersion: 0x01020300, updatedAt: Date.now() });
    expect((await relaysIn(relays.mcEUI)).map((d: { fwVersion: string | null }) => d.fwVersion)).toEqual([
      '1.2.3.0',
      null,
    ]);
    const inTask = await relaysIn(relays.mcEUI, fdID);
    expect(inTask.map((d: { state: number }) => d.state)).toEqual([R.WAITING, R.WAITING]);
    expect((await get('mcDevices', { mcEUI: plain.mcEUI })).amount).toBe(0);
  });

  it('enable starts a FUOTA run for the relays only, with its expected end from the fragment plan', async () => {
    expect((await post('enable', { fdID: 999_999 })).body).toMatchObject({ code: 16004, field: 'fdID' });
    const res = await post('enable', { fdID });
    expect(res.body.code).toBe(0);
    const row = res.body.data;
    expect(row).toMatchObject({ fdID, state: R.UPGRADING, errorMessage: null, durationtime: 0 });
    expect(row.progress).toBeLessThanOrEqual(1);
    const run = await runOf(fdID);
    const info = (await t.call(admin, 'GET', fuotaApi.info.path, { fdID: run })).body.data;
    expect(info).toMatchObject({
      mcEUI: relays.mcEUI,
      oldVersion: '1.0.0',
      newVersion: '1.1.0',
      redundancyPercent: 40,
    });
    expect(info).toMatchObject({ payloadSize: 500, deviceNums: 2 });
    expect((await runDevices(run)).map((d: { devEUI: string }) => d.devEUI)).toEqual(members[relays.mcEUI]!.relays);
    const estimate = transferEstimateMs(getRegion('eu868'), info, t.config, false);
    expect(row.expectendtime - row.enableTime).toBe(estimate);
    expect(Math.abs(row.enableTime - Date.now())).toBeLessThan(5_000);
    expect((await relaysIn(relays.mcEUI, fdID)).map((d: { state: number }) => d.state)).toEqual([
      R.UPGRADING,
      R.UPGRADING,
    ]);
    // While it runs: no second start of any kind.
    expect((await post('enable', { fdID })).body).toMatchObject({ code: 16002, field: 'fdID' });
    expect((await post('recompose', { fdID })).body).toMatchObject({ code: 16002 });
    const one = { fdID, devEUIs: [members[relays.mcEUI]!.relays[0]] };
    expect((await post('devicesRecompose', one)).body).toMatchObject({ code: 16002 });
    expect(await runOf(fdID)).toBe(run);
  });

  it('derives progress from time: 99 at most while the run goes on', async () => {
    const at = async (enableAgo: number, endsIn: number) => {
      const now = Date.now();
      await t.services.db
        .update(relayFuotaTasks)
        .set({ enableTime: now - enableAgo, expectEndTime: now + endsIn })
        .where(eq(relayFuotaTasks.fdId, fdID));
      return task(fdID);
    };
    expect(await at(30_000, 70_000)).toMatchObject({ state: R.UPGRADING, progress: 30, durationtime: 30 });
    expect(await at(90_000, 10_000)).toMatchObject({ progress: 90 });
    expect(await at(500_000, -100_000)).toMatchObject({ state: R.UPGRADING, progress: 99, durationtime: 500 });
  });

  it('an aborted run is an error (3); enable refuses an ended task (16003); recompose runs it again', async () => {
    const first = await runOf(fdID);
    expect((await t.call(admin, 'POST', fuotaApi.abort.path, { fdID: first })).body.code).toBe(0);
    const ended = await task(fdID);
    expect(ended).toMatchObject({ state: R.ERROR, errorMessage: 'aborted by admin', progress: 99 });
    expect((await relaysIn(relays.mcEUI, fdID)).map((d: { state: number }) => d.state)).toEqual([R.ERROR, R.ERROR]);
    expect((await post('enable', { fdID })).body).toMatchObject({ code: 16003, field: 'fdID' });
    expect((await post('recompose', { fdID: 999_999 })).body).toMatchObject({ code: 16004 });

    const again = await post('recompose', { fdID });
    expect(again.body).toMatchObject({ code: 0, data: { state: R.UPGRADING, errorMessage: null } });
    const second = await runOf(fdID);
    expect(second).not.toBe(first);
    expect((await runDevices(second)).length).toBe(2);
    await complete(second);
    expect(await task(fdID)).toMatchObject({ state: R.COMPLETED, progress: 100, errorMessage: null });
    const relayRows = await relaysIn(relays.mcEUI, fdID);
    expect(relayRows.map((d: { state: number }) => d.state)).toEqual([R.COMPLETED, R.COMPLETED]);
    expect(relayRows[0].updatetime).toEqual(expect.any(Number));
  });

  it('devices/recompose runs again for the chosen relays only; the others keep their state', async () => {
    const [a, b] = members[relays.mcEUI]!.relays as [string, string];
    const stranger = members[relays.mcEUI]!.others[0]!;
    expect((await post('devicesRecompose', { fdID, devEUIs: [stranger] })).body).toMatchObject({
      code: 14016,
      field: 'devEUIs',
    });
    expect((await post('devicesRecompose', { fdID, devEUIs: [] })).body).toMatchObject({
      code: 1007,
      field: 'devEUIs',
    });
    expect((await post('devicesRecompose', { fdID: 999_999, devEUIs: [a] })).body).toMatchObject({ code: 16004 });
    const res = await post('devicesRecompose', { fdID, devEUIs: [b, b] });
    expect(res.body).toMatchObject({ code: 0, data: { state: R.UPGRADING } });
    const run = await runOf(fdID);
    expect((await runDevices(run)).map((d: { devEUI: string }) => d.devEUI)).toEqual([b]);
    const states = await relaysIn(relays.mcEUI, fdID);
    expect(states.map((d: { devEUI: string; state: number }) => [d.devEUI, d.state])).toEqual([
      [a, R.COMPLETED],
      [b, R.UPGRADING],
    ]);
    // The run fails for b: b shows the run's error, a stays completed.
    await t.call(admin, 'POST', fuotaApi.abort.path, { fdID: run });
    const after = await relaysIn(relays.mcEUI, fdID);
    expect(after.map((d: { state: number; errorMessage: string | null }) => [d.state, d.errorMessage])).toEqual([
      [R.COMPLETED, null],
      [R.ERROR, 'aborted by admin'],
    ]);
  });

  it('a run deleted from the FUOTA list leaves the task ended with an error', async () => {
    const run = await runOf(fdID);
    expect((await t.call(admin, 'POST', fuotaApi.delete.path, { fdIDs: [run] })).body.code).toBe(0);
    expect(await task(fdID)).toMatchObject({ state: R.ERROR, errorMessage: 'the FUOTA run was deleted' });
    const b = (await relaysIn(relays.mcEUI, fdID))[1];
    expect(b).toMatchObject({ state: R.ERROR, errorMessage: 'the FUOTA run was deleted' });
  });

  it('passes on the transfer’s refusals: no gateway (14017), another transfer on the group (16001)', async () => {
    const lone = (await post('create', body(noGw.mcEUI))).body.data.fdID;
    expect((await post('enable', { fdID: lone })).body).toMatchObject({ code: 14017, field: 'mcEUI' });
    expect(await task(lone)).toMatchObject({ state: R.WAITING, enableTime: null });
    const held = (await post('create', body(busy.mcEUI))).body.data.fdID;
    const other = await t.call(admin, 'POST', fuotaApi.create.path, {
      mcEUI: busy.mcEUI,
      firmwareName: 'x',
      payload: dataUrl(image(10, 2)),
    });
    expect(other.body.code).toBe(0);
    expect((await post('enable', { fdID: held })).body).toMatchObject({ code: 16001, field: 'mcEUI' });
    expect(await task(held)).toMatchObject({ state: R.WAITING });
  });

  it('checks the group when a run starts: 18006 once its relays left, 14001 once it is deleted', async () => {
    const lone = (await get('list', { state: R.WAITING, orderBy: 'createtime', orderType: 'asc' })).data[0].fdID;
    const gone = { mcEUI: noGw.mcEUI, devEUIs: members[noGw.mcEUI]!.relays };
    expect((await t.call(admin, 'POST', mcDeviceApi.delete.path, gone)).body.code).toBe(0);
    expect((await post('enable', { fdID: lone })).body).toMatchObject({ code: 18006, field: 'fdID' });
    expect((await t.call(admin, 'POST', mcGroupApi.delete.path, { mcEUIs: [noGw.mcEUI] })).body.code).toBe(0);
    expect((await post('recompose', { fdID: lone })).body).toMatchObject({ code: 14001, field: 'fdID' });
    expect(await task(lone)).toMatchObject({ state: R.WAITING, mcName: null });
  });

  it('lists tasks by derived state, ordered and a page at a time', async () => {
    const ids = async (q: Record<string, unknown>) =>
      (await get('list', q)).data.map((x: { fdID: number; state: number }) => [x.fdID, x.state]);
    const all = await get('list');
    expect(all.amount).toBe(3);
    expect(await ids({ state: R.WAITING, orderBy: 'createtime', orderType: 'asc' })).toEqual([
      [fdID + 1, 0],
      [fdID + 2, 0],
    ]);
    expect(await ids({ state: R.ERROR })).toEqual([[fdID, R.ERROR]]);
    expect((await get('list', { state: R.COMPLETED })).amount).toBe(0);
    expect(await ids({ orderBy: 'state', orderType: 'desc', pageSize: 1 })).toEqual([[fdID, R.ERROR]]);
    expect((await get('list', { state: 4 })).code).toBe(1007);
  });

  it('is for admins: a common user gets 1010, no token 1003', async () => {
    const common = (await t.userWithToken('relay-fw-common')).token;
    const calls: [Task, 'GET' | 'POST', Record<string, unknown>][] = [
      ['create', 'POST', body(relays.mcEUI)],
      ['list', 'GET', {}],
      ['mcGroups', 'GET', {}],
      ['mcDevices', 'GET', { mcEUI: relays.mcEUI }],
      ['enable', 'POST', { fdID }],
      ['recompose', 'POST', { fdID }],
      ['devicesRecompose', 'POST', { fdID, devEUIs: members[relays.mcEUI]!.relays }],
    ];
    for (const [key, method, data] of calls) {
      const { path } = relayFuotaApi[key];
      expect((await t.call(common, method, path, data)).body.code, path).toBe(1010);
      expect((await t.call(undefined, method, path, data)).body.code, path).toBe(1003);
    }
  });
});
