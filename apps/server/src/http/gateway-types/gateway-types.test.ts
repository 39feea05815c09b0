import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('gateway types API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const all = async (token: string) =>
    (await t.call(token, 'GET', '/api/gwtype/list', { pageNo: '0', pageSize: '0' })).body;

  it('seeds a default set including the pico type, readable by every user', async () => {
    const { token } = await t.userWithToken('reader');
    const body = await all(token);
    expect(body.code).toBe(0);
    expect(body.data.map((r: any) => r.gwType)).toEqual(expect.arrayContaining(['generic', 'rhf2s027', 'rhf2sp01']));
    expect(body.data.find((r: any) => r.gwType === 'rhf2sp01')).toMatchObject({ arch: 'stm32l4' });
    expect(body.amount).toBe(body.data.length);
    const page = await t.call(token, 'GET', '/api/gwtype/list', { pageNo: '1', pageSize: '2' });
    expect(page.body.data).toHaveLength(2);
  });

  it('creates a type stored lowercase with colour #666666 by default, updates and deletes it', async () => {
    const res = await t.call(admin, 'POST', '/api/gwtype/create', {
      gwType: 'My-GW_1.0@x',
      arch: 'mipsle',
      supportGPS: true,
      submodels: [{ model: 'lte-one', lte: true, wifi: false }],
    });
    expect(res.body.code).toBe(0);
    const gwTypeID = res.body.data.gwTypeID;
    const row = (await all(admin)).data.find((r: any) => r.gwTypeID === gwTypeID);
    expect(row).toMatchObject({
      gwType: 'my-gw_1.0@x',
      arch: 'mipsle',
      color: '#666666',
      supportGPS: true,
      submodels: [{ model: 'lte-one', lte: true, wifi: false }],
      gateways: 0,
    });
    expect(row.createdAt).toBeGreaterThan(0);
    expect(
      (await t.call(admin, 'POST', '/api/gwtype/create', { gwType: 'MY-GW_1.0@X', arch: 'arm' })).body,
    ).toMatchObject({
      code: 7002,
      field: 'gwType',
    });
    const upd = await t.call(admin, 'POST', '/api/gwtype/update', {
      gwTypeID,
      gwType: 'renamed',
      arch: 'arm',
      color: '#FF9800',
      supportGPS: false,
      submodels: [],
    });
    expect(upd.body.code).toBe(0);
    expect((await all(admin)).data.find((r: any) => r.gwTypeID === gwTypeID)).toMatchObject({
      gwType: 'renamed',
      color: '#ff9800',
    });
    expect(
      (await t.call(admin, 'POST', '/api/gwtype/update', { gwTypeID, gwType: 'generic', arch: 'arm' })).body.code,
    ).toBe(7002);
    expect(
      (await t.call(admin, 'POST', '/api/gwtype/update', { gwTypeID: 99999, gwType: 'x', arch: 'arm' })).body.code,
    ).toBe(7001);
    expect((await t.call(admin, 'POST', '/api/gwtype/delete', { gwTypeID })).body.code).toBe(0);
    expect((await t.call(admin, 'POST', '/api/gwtype/delete', { gwTypeID })).body.code).toBe(7001);
  });

  it.each([
    [{ arch: 'arm' }, 1006, 'gwType'],
    [{ gwType: '', arch: 'arm' }, 1006, 'gwType'],
    [{ gwType: 'a'.repeat(21), arch: 'arm' }, 1007, 'gwType'],
    [{ gwType: 'has space', arch: 'arm' }, 1007, 'gwType'],
    [{ gwType: 'ok' }, 1006, 'arch'],
    [{ gwType: 'ok', arch: 'x86' }, 1007, 'arch'],
    [{ gwType: 'ok', arch: 'arm', color: 'red' }, 1007, 'color'],
    [{ gwType: 'ok', arch: 'arm', submodels: [{ lte: true }] }, 1006, 'submodels.0.model'],
  ])('refuses %j with %i naming %s', async (payload, code, field) => {
    expect((await t.call(admin, 'POST', '/api/gwtype/create', payload)).body).toMatchObject({ code, field });
  });

  it('refuses deleting a type gateways use (7004) and renaming the pico type (7003)', async () => {
    await t.call(admin, 'POST', '/api/gateway/create', {
      gwID: '3333333333333333',
      gwName: 'uses-generic',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
    const generic = (await all(admin)).data.find((r: any) => r.gwType === 'generic');
    expect(generic.gateways).toBe(1);
    expect((await t.call(admin, 'POST', '/api/gwtype/delete', { gwTypeID: generic.gwTypeID })).body.code).toBe(7004);
    const pico = (await all(admin)).data.find((r: any) => r.gwType === 'rhf2sp01');
    const res = await t.call(admin, 'POST', '/api/gwtype/update', { ...pico, gwType: 'pico2' });
    expect(res.body).toMatchObject({ code: 7003, field: 'gwType' });
  });

  it('lets only admins write (1010)', async () => {
    const { token } = await t.userWithToken('not-admin');
    expect((await t.call(token, 'POST', '/api/gwtype/create', { gwType: 'x', arch: 'arm' })).body.code).toBe(1010);
    expect((await t.call(token, 'POST', '/api/gwtype/delete', { gwTypeID: 1 })).body.code).toBe(1010);
    expect(
      (await t.call(token, 'POST', '/api/gwtype/update', { gwTypeID: 1, gwType: 'x', arch: 'arm' })).body.code,
    ).toBe(1010);
  });
});
