import { getSubnet, listRegions } from '@lns/lorawan/regions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('regions API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('lists every region of the lorawan catalogue with colour and subnets', async () => {
    const { token } = await t.userWithToken('viewer');
    const body = (await t.call(token, 'GET', '/api/band/list')).body;
    const ids = body.data.map((r: any) => r.region);
    expect(ids).toEqual(listRegions().map((r) => r.id));
    expect(ids).toEqual(
      expect.arrayContaining([
        'eu868',
        'us915',
        'au915',
        'cn470',
        'as923-1',
        'as923-4',
        'kr920',
        'in865',
        'ru864',
        'cn470alid',
      ]),
    );
    const us = body.data.find((r: any) => r.region === 'us915');
    expect(us.subnets).toHaveLength(8);
    expect(us.color).toMatch(/^#[0-9a-f]{6}$/);
    const pico = body.data.find((r: any) => r.region === 'cn470alid');
    expect(pico.subnets).toEqual([expect.objectContaining({ subnet: 'pico-net', channels: 32 })]);
    const subnets = (await t.call(token, 'GET', '/api/subnet/gateway')).body.data;
    expect(subnets.find((r: any) => r.region === 'au915').subnets.map((s: any) => s.subnet)).toContain('au915-2');
  });

  it('serves a full channel plan from the catalogue', async () => {
    const d = (await t.call(admin, 'GET', '/api/band/info', { region: 'US915' })).body.data;
    const sb2 = d.subnets.find((s: any) => s.subnet === 'us915-2');
    const lib = getSubnet('us915', 'us915-2');
    expect(sb2.uplinkChannels.map((c: any) => c.frequency)).toEqual(lib.uplinkChannels.map((c) => c.frequency));
    expect(sb2.uplinkChannels[0].rx1Frequency).toBe(923_300_000);
    expect(sb2.cfList).toEqual(lib.cfList);
    expect(d.rx2).toEqual({ frequency: 923_300_000, dr: 8 });
    expect(d.dataRates.find((x: any) => x.dr === 8)).toMatchObject({ sf: 12, bw: 500, uplink: false, downlink: true });
    expect((await t.call(admin, 'GET', '/api/band/info', { region: 'zz' })).body).toMatchObject({
      code: 1007,
      field: 'region',
    });
  });

  it('lets admins change a colour and refuses bad input', async () => {
    const res = await t.call(admin, 'POST', '/api/band/update', { region: 'eu868', color: '#ABCDEF' });
    expect(res.body.code).toBe(0);
    const colors = (await t.call(admin, 'GET', '/api/band/color')).body.data;
    expect(colors).toContainEqual({ region: 'eu868', color: '#abcdef' });
    expect((await t.call(admin, 'POST', '/api/band/update', { region: 'eu868', color: 'blue' })).body).toMatchObject({
      code: 1007,
      field: 'color',
    });
    expect((await t.call(admin, 'POST', '/api/band/update', { region: 'xx', color: '#000000' })).body).toMatchObject({
      code: 1007,
      field: 'region',
    });
    expect((await t.call(admin, 'POST', '/api/band/update', { color: '#000000' })).body).toMatchObject({
      code: 1006,
      field: 'region',
    });
    const { token } = await t.userWithToken('no-colours');
    expect((await t.call(token, 'POST', '/api/band/update', { region: 'eu868', color: '#000000' })).body.code).toBe(
      1010,
    );
  });
});
