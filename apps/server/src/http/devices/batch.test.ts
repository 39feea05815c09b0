import { deviceApi } from '@lns/contract/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('device batch-create', () => {
  let t: TestApp;
  let token: string;
  let appID: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.userWithToken('importer')).token;
    appID = (await t.call(token, 'POST', '/api/application/create', { appName: 'imports' })).body.data.appID;
  });
  afterAll(() => t.close());

  const count = async () =>
    (await t.call(token, 'GET', '/api/device/list', { appID: String(appID), pageSize: '50' })).body.amount;
  const batch = (authType: string, devices: unknown[], app = appID, dryRun?: boolean) =>
    t.call(token, 'POST', '/api/device/batch-create', { appID: app, authType, devices, dryRun });
  /** [row, field, code, problem, params] of every problem of the report. */
  const problems = (data: any) =>
    data.rows.flatMap((r: any) => r.errors.map((e: any) => [r.row, e.field, e.code, e.problem, e.params]));

  it('imports 10,000 OTAA devices in one request', async () => {
    const devices = Array.from({ length: 10_000 }, (_, i) => {
      const { authType: _a, ...d } = otaaDevice(i);
      return d;
    });
    const started = Date.now();
    const res = await batch('otaa', devices);
    expect(res.body).toMatchObject({ code: 0, data: { created: 10_000, dryRun: false } });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await count()).toBe(10_000);
    const apps = (await t.call(token, 'GET', '/api/application/list')).body.data;
    expect(apps[0].deviceNums).toBe(10_000);
  });

  it('writes none of 10,000 rows when some fail, and reports each failing row with its reason', async () => {
    const devices: Record<string, unknown>[] = Array.from({ length: 10_000 }, (_, i) => abpDevice(20_000 + i));
    devices[17] = { ...devices[17], devEUI: otaaDevice(5).devEUI }; // exists in the database
    devices[42] = { ...devices[42], devEUI: devices[41]!.devEUI }; // duplicated in the batch
    devices[100] = { ...devices[100], nwkSKey: 'abc' }; // bad key
    devices[200] = { ...devices[200], devAddr: devices[199]!.devAddr, nwkSKey: devices[199]!.nwkSKey };
    devices[300] = { ...devices[300], devName: '' };
    devices[9999] = { ...devices[9999], region: 'us915', subnet: 'nope' };
    const before = await count();
    const res = await batch('abp', devices);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(4002);
    expect(res.body.data.created).toBe(0);
    expect(res.body.data.rows).toHaveLength(10_000);
    expect(problems(res.body.data)).toEqual([
      [18, 'devEUI', 4002, 'byCode', undefined],
      [43, 'devEUI', 4002, 'duplicateOfRow', { row: 42 }],
      [101, 'nwkSKey', 1007, 'nwkSKeyFormat', undefined],
      [201, 'devAddr', 4004, 'duplicateOfRow', { row: 200 }],
      [301, 'devName', 1006, 'devNameEmpty', undefined],
      [10_000, 'subnet', 1017, 'byCode', undefined],
    ]);
    // The refusal's data is what the contract declares for it.
    expect(deviceApi.batchCreate.refusal.parse(res.body.data)).toEqual(res.body.data);
    expect(await count()).toBe(before);
  });

  it('refuses a batch for an application the caller does not own, and a body over the limit', async () => {
    const other = await t.userWithToken('other-importer');
    const res = await t.call(other.token, 'POST', '/api/device/batch-create', {
      appID,
      authType: 'otaa',
      devices: [otaaDevice(90_000)],
    });
    expect(res.body).toMatchObject({ code: 3001, field: 'appID' });
    expect((await batch('otaa', [])).body).toMatchObject({ code: 1007, field: 'devices' });
    expect(
      (
        await batch(
          'otaa',
          Array.from({ length: 20_001 }, () => ({})),
        )
      ).body,
    ).toMatchObject({
      code: 1007,
      field: 'devices',
    });
    expect((await batch('psk', [otaaDevice(90_001)])).body).toMatchObject({ code: 1007, field: 'authType' });
    expect((await batch('otaa', ['not an object'])).body).toMatchObject({ code: 1007, field: 'devices.0' });
  });

  it('the request authType decides which keys each row needs', async () => {
    const res = await batch('abp', [otaaDevice(91_000)]);
    expect(res.body.code).toBe(1006);
    expect(problems(res.body.data)).toEqual([
      [1, 'devAddr', 1006, 'devAddrEmpty', undefined],
      [1, 'appSKey', 1006, 'appSKeyEmpty', undefined],
      [1, 'nwkSKey', 1006, 'nwkSKeyEmpty', undefined],
    ]);
  });

  it('a dry run reports every row with all its problems and writes nothing', async () => {
    const before = await count();
    const { authType: _a, ...good } = otaaDevice(92_000);
    const devices = [
      good,
      { ...good, devName: '', appKey: 'zz', fCntUp: -1, remarks: 'r'.repeat(51) },
      { ...otaaDevice(92_001), class: 'D' },
    ];
    const res = await batch('otaa', devices, appID, true);
    expect(res.body).toMatchObject({ code: 0, data: { dryRun: true, created: 0 } });
    expect(res.body.data.rows.map((r: any) => [r.row, r.id, r.name])).toEqual([
      [1, good.devEUI, good.devName],
      [2, good.devEUI, ''],
      [3, otaaDevice(92_001).devEUI, otaaDevice(92_001).devName],
    ]);
    expect(problems(res.body.data)).toEqual([
      [2, 'devName', 1006, 'devNameEmpty', undefined],
      [2, 'appKey', 1007, 'appKeyFormat', undefined],
      [2, 'fCntUp', 1007, 'fCntFormat', undefined],
      [2, 'remarks', 1007, 'remarksLong', undefined],
      [3, 'class', 1007, 'oneOf', { allowed: 'A, B, C' }],
    ]);
    expect(await count()).toBe(before);
    // The same rows, fixed, check clean and are written only by the real request.
    const clean = [good, otaaDevice(92_002)];
    expect(problems((await batch('otaa', clean, appID, true)).body.data)).toEqual([]);
    expect(await count()).toBe(before);
    expect((await batch('otaa', clean)).body).toMatchObject({ code: 0, data: { created: 2 } });
    expect(await count()).toBe((before ?? 0) + 2);
  });

  it('reads tag names (or group/name) into the device tags, and names each unknown one', async () => {
    await t.call(token, 'POST', '/api/device/tags/create', { tags: ['roof', 'cellar'], groupName: 'site' });
    await t.call(token, 'POST', '/api/device/tags/create', { tags: ['roof'], groupName: 'other' });
    const bad = await batch('otaa', [otaaDevice(93_000, { tags: 'site/roof, cellar；ghost; roof' })], appID, true);
    expect(problems(bad.body.data)).toEqual([
      [1, 'tags', 1007, 'tagMissing', { name: 'ghost' }],
      [1, 'tags', 1007, 'tagAmbiguous', { name: 'roof' }],
    ]);
    const res = await batch('otaa', [otaaDevice(93_001, { tags: 'site/roof，cellar' })]);
    expect(res.body).toMatchObject({ code: 0, data: { created: 1 } });
    const dev = await t.call(token, 'GET', '/api/device/status', { devEUI: otaaDevice(93_001).devEUI });
    expect(dev.body.data.tags.sort()).toEqual(['cellar', 'roof']);
  });
});
