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
  const batch = (authType: string, devices: unknown[], app = appID) =>
    t.call(token, 'POST', '/api/device/batch-create', { appID: app, authType, devices });

  it('imports 10,000 OTAA devices in one request', async () => {
    const devices = Array.from({ length: 10_000 }, (_, i) => {
      const { authType: _a, ...d } = otaaDevice(i);
      return d;
    });
    const started = Date.now();
    const res = await batch('otaa', devices);
    expect(res.body).toMatchObject({ code: 0, data: { created: 10_000, failed: [] } });
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
    expect(res.body.data.failed).toEqual([
      expect.objectContaining({ index: 17, code: 4002, field: 'devEUI', reason: 'device exists' }),
      expect.objectContaining({ index: 42, code: 4002, field: 'devEUI', reason: 'duplicated in row 42' }),
      expect.objectContaining({ index: 100, code: 1007, field: 'nwkSKey' }),
      expect.objectContaining({ index: 200, code: 4004, field: 'devAddr' }),
      expect.objectContaining({ index: 300, code: 1006, field: 'devName', reason: 'device name cannot be empty' }),
      expect.objectContaining({ index: 9999, code: 1017, field: 'subnet' }),
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
    expect(res.body.data.failed[0]).toMatchObject({ index: 0, field: 'devAddr', reason: 'DevAddr cannot be empty' });
  });
});
