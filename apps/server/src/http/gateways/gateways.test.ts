import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { settings } from '../../db/schema/core';

const gw = (n: number, extra: Record<string, unknown> = {}) => ({
  gwID: `00000000000000${n.toString(16).padStart(2, '0')}`,
  gwName: `gw-${n}`,
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'rhf2s027',
  txPower: 0,
  ...extra,
});

describe('gateways API', () => {
  let t: TestApp;
  let admin: string;
  let alice: { token: string; userID: number };
  let bob: { token: string; userID: number };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = await t.userWithToken('alice');
    bob = await t.userWithToken('bob');
  });
  afterAll(() => t.close());

  const list = async (token: string, q: Record<string, string> = {}) =>
    (await t.call(token, 'GET', '/api/gateway/list', q)).body;
  const info = async (token: string, gwID: string) => t.call(token, 'GET', '/api/gateway/status/info', { gwID });

  it('creates a gateway from a pasted dash-separated ID and reads it back', async () => {
    const res = await t.call(alice.token, 'POST', '/api/gateway/create', {
      ...gw(1),
      gwID: 'A8-40-41-00-00-00-00-01',
      pushUrls: ['https://example.com/up', '', '  '],
      headers: { 'x-api-key': 'k', '': 'dropped' },
      remarks: 'roof',
      mapType: 'gaode',
      longitudeForGaodeMap: 121.47,
      latitudeForGaodeMap: 31.23,
      unknownField: 'ignored',
    });
    expect(res.body.code).toBe(0);
    const { body } = await info(alice.token, 'a840410000000001');
    expect(body.data).toMatchObject({
      gwID: 'a840410000000001',
      gwName: 'gw-1',
      gwType: 'rhf2s027',
      arch: 'arm',
      supportGPS: true,
      pushUrls: ['https://example.com/up'],
      headers: { 'x-api-key': 'k' },
      mqttKeepAlive: 10,
      statInterval: 300,
      remarks: 'roof',
      mapType: 'gaode',
      latitude: 31.23,
      longitude: 121.47,
      online: false,
      pico: false,
      extendedAttr: null,
      report: {},
    });
    expect(body.data).not.toHaveProperty('owner');
    expect(body.data).not.toHaveProperty('unknownField');
  });

  it.each([
    [{ gwName: undefined }, 1006, 'gwName'],
    [{ gwName: '  ' }, 1006, 'gwName'],
    [{ gwName: 'n'.repeat(65) }, 1007, 'gwName'],
    [{ gwID: undefined }, 1006, 'gwID'],
    [{ gwID: 'abc' }, 1007, 'gwID'],
    [{ gwID: '000000000000000g' }, 1007, 'gwID'],
    [{ remarks: 'r'.repeat(51) }, 1007, 'remarks'],
    [{ txPower: undefined }, 1006, 'txPower'],
    [{ txPower: 28 }, 1007, 'txPower'],
    [{ txPower: -1 }, 1007, 'txPower'],
    [{ txPower: 1.5 }, 1007, 'txPower'],
    [{ mqttKeepAlive: 4 }, 1007, 'mqttKeepAlive'],
    [{ mqttKeepAlive: 61 }, 1007, 'mqttKeepAlive'],
    [{ statInterval: 299 }, 1007, 'statInterval'],
    [{ statInterval: 1801 }, 1007, 'statInterval'],
    [{ pushUrls: ['ftp://x.example'] }, 1007, 'pushUrls.0'],
    [{ pushUrls: 'http://x' }, 1007, 'pushUrls'],
    [{ headers: { 'bad header': 'v' } }, 1007, 'headers.bad header'],
    [{ mapType: 'google', latitudeForGoogleMap: 10 }, 1006, 'longitudeForGoogleMap'],
    [{ mapType: 'baidu' }, 1007, 'mapType'],
    [{ mapType: 'google', longitudeForGoogleMap: 181, latitudeForGoogleMap: 1 }, 1007, 'longitudeForGoogleMap'],
    [{ region: '' }, 1006, 'region'],
    [{ region: 'xx999' }, 1007, 'region'],
    [{ subnet: 'us915-1' }, 1017, 'subnet'],
    [{ gwType: 'nope' }, 7001, 'gwType'],
    [{ gwType: 'bad type!' }, 1007, 'gwType'],
    [{ gwType: 'rhf2sp01' }, 7003, 'gwType'],
    [{ region: 'cn470alid', subnet: 'pico-net' }, 7003, 'gwType'],
    [{ tagsId: [999999] }, 1007, 'tagsId'],
    [{ enableClassB: 'yes' }, 1007, 'enableClassB'],
  ])('refuses %j with %i naming %s and writes nothing', async (patch, code, field) => {
    const before = (await list(alice.token)).amount;
    const { status, body } = await t.call(alice.token, 'POST', '/api/gateway/create', gw(2, patch));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body).toMatchObject({ code, field });
    expect((await list(alice.token)).amount).toBe(before);
  });

  it('refuses a taken gwID with 5003 (any owner) and a taken name with 5004 (same owner)', async () => {
    expect((await t.call(alice.token, 'POST', '/api/gateway/create', gw(3))).body.code).toBe(0);
    const again = await t.call(bob.token, 'POST', '/api/gateway/create', gw(3, { gwName: 'other' }));
    expect(again).toMatchObject({ status: 409, body: { code: 5003, field: 'gwID' } });
    const sameName = await t.call(alice.token, 'POST', '/api/gateway/create', gw(4, { gwName: 'gw-3' }));
    expect(sameName.body).toMatchObject({ code: 5004, field: 'gwName' });
    // another owner may use the same name
    expect((await t.call(bob.token, 'POST', '/api/gateway/create', gw(4, { gwName: 'gw-3' }))).body.code).toBe(0);
  });

  it('makes a pico gateway with default channels and keeps its region and subnet on update', async () => {
    const pico = gw(5, { region: 'cn470alid', subnet: 'pico-net', gwType: 'RHF2SP01' });
    expect((await t.call(alice.token, 'POST', '/api/gateway/create', pico)).body.code).toBe(0);
    const row = (await info(alice.token, pico.gwID)).body.data;
    expect(row.pico).toBe(true);
    expect(row.extendedAttr).toEqual({
      publicChannel: { ch: 8, dr: 2 },
      dataChannel: { ch: 9, dr: 2 },
      heartBeatPeriod: 5,
      upgradeServer: '',
      proxyServer: '',
      timeZone: 'UTC+08:00',
    });
    const ext = {
      publicChannel: { ch: 0, dr: 0 },
      dataChannel: { ch: 31, dr: 5 },
      heartBeatPeriod: 15,
      upgradeServer: 'upgrade.example.com:8080',
      proxyServer: '10.0.0.1:1080',
      timeZone: 'UTC-03:30',
    };
    expect((await t.call(alice.token, 'POST', '/api/gateway/update', { ...pico, extendedAttr: ext })).body.code).toBe(
      0,
    );
    expect((await info(alice.token, pico.gwID)).body.data.extendedAttr).toEqual(ext);
    const moved = await t.call(alice.token, 'POST', '/api/gateway/update', {
      ...pico,
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'rhf2s027',
    });
    expect(moved.body).toMatchObject({ code: 1007, field: 'region' });
    for (const [patch, field] of [
      [{ heartBeatPeriod: 0 }, 'extendedAttr.heartBeatPeriod'],
      [{ heartBeatPeriod: 16 }, 'extendedAttr.heartBeatPeriod'],
      [{ publicChannel: { ch: 32, dr: 2 } }, 'extendedAttr.publicChannel.ch'],
      [{ dataChannel: { ch: 9, dr: 6 } }, 'extendedAttr.dataChannel.dr'],
      [{ timeZone: 'Mars/Base' }, 'extendedAttr.timeZone'],
    ] as const) {
      const bad = await t.call(alice.token, 'POST', '/api/gateway/update', {
        ...pico,
        extendedAttr: { ...ext, ...patch },
      });
      expect(bad.body).toMatchObject({ code: 1007, field });
    }
  });

  it('updates a gateway, clears its location when no map type is sent, and drops extendedAttr off pico', async () => {
    const g = gw(6, { mapType: 'google', longitudeForGoogleMap: 2.35, latitudeForGoogleMap: 48.85 });
    await t.call(alice.token, 'POST', '/api/gateway/create', g);
    const res = await t.call(alice.token, 'POST', '/api/gateway/update', {
      ...gw(6),
      gwName: 'renamed',
      region: 'us915',
      subnet: 'us915-2',
      txPower: 27,
      extendedAttr: { heartBeatPeriod: 3 },
    });
    expect(res.body.code).toBe(0);
    const row = (await info(alice.token, g.gwID)).body.data;
    expect(row).toMatchObject({ gwName: 'renamed', region: 'us915', subnet: 'us915-2', txPower: 27, mapType: null });
    expect(row.latitude).toBeNull();
    expect(row.extendedAttr).toBeNull();
    expect((await t.call(alice.token, 'POST', '/api/gateway/update', gw(99))).body).toMatchObject({
      code: 5001,
      field: 'gwID',
    });
  });

  it('filters the list by regions, types, online state and tags, pages and sorts', async () => {
    const { token } = await t.userWithToken('lister');
    const tagRes = await t.call(token, 'POST', '/api/gateway/tags/create', {
      tags: ['roof', 'basement'],
      groupName: 'site',
    });
    const [roof, basement] = tagRes.body.data.tagsId;
    const mk = (n: number, extra: Record<string, unknown>) =>
      t.call(token, 'POST', '/api/gateway/create', gw(0x40 + n, extra));
    await mk(1, { tagsId: [roof] });
    await mk(2, { region: 'us915', subnet: 'us915-1', tagsId: [roof, basement] });
    await mk(3, { region: 'us915', subnet: 'us915-1', gwType: 'rhf2s024' });
    await mk(4, { region: 'as923-2', subnet: await firstSubnet('as923-2'), tagsId: [basement] });
    const ids = (b: any) => b.data.map((r: any) => r.gwName).sort();
    expect((await list(token)).amount).toBe(4);
    expect(ids(await list(token, { regions: 'us915' }))).toEqual(['gw-66', 'gw-67']);
    expect(ids(await list(token, { regions: 'us915,eu868' }))).toEqual(['gw-65', 'gw-66', 'gw-67']);
    expect(ids(await list(token, { gwTypes: 'RHF2S024' }))).toEqual(['gw-67']);
    expect(ids(await list(token, { tagsId: String(roof) }))).toEqual(['gw-65', 'gw-66']);
    expect(ids(await list(token, { regions: 'us915', tagsId: `${roof}` }))).toEqual(['gw-66']);
    expect(ids(await list(token, { tagsId: `${roof},${basement}` }))).toEqual(['gw-65', 'gw-66', 'gw-68']);
    expect((await list(token, { online: '1' })).amount).toBe(0);
    expect((await list(token, { online: 'false' })).amount).toBe(4);
    const tagged = (await list(token, { regions: 'us915', tagsId: `${roof}` })).data[0];
    expect(tagged.tags.map((x: any) => x.name).sort()).toEqual(['basement', 'roof']);
    const page = await list(token, { pageNo: '2', pageSize: '3', orderBy: 'gwName', orderType: 'asc' });
    expect(page.amount).toBe(4);
    expect(page.data.map((r: any) => r.gwName)).toEqual(['gw-68']);
    const byType = await list(token, { orderBy: 'gwType', orderType: 'desc' });
    expect(byType.data[0].gwType).toBe('rhf2s027');
    expect(byType.data[3].gwType).toBe('rhf2s024');
    expect((await list(token, { keyword: 'GW-67' })).amount).toBe(1);
    expect((await list(token, { keyword: '0000000000000043' })).data[0].gwName).toBe('gw-67');
    expect((await list(token, { orderBy: 'owner_id' })).code).toBe(1007);
    expect((await list(token, { online: 'maybe' })).code).toBe(1007);
    // a list item the schema refuses is named with its index
    expect((await list(token, { tagsId: 'x' })).field).toBe('tagsId.0');
  });

  async function firstSubnet(region: string) {
    const r = await t.call(admin, 'GET', '/api/subnet/gateway');
    return r.body.data.find((x: any) => x.region === region).subnets[0].subnet as string;
  }

  it('keeps common users apart and shows admins every gateway with its owner', async () => {
    const a = await t.userWithToken('owner-a');
    const b = await t.userWithToken('owner-b');
    const g = gw(0x80);
    expect((await t.call(a.token, 'POST', '/api/gateway/create', g)).body.code).toBe(0);
    expect((await list(b.token)).amount).toBe(0);
    expect((await info(b.token, g.gwID)).body.code).toBe(5001);
    expect((await t.call(b.token, 'POST', '/api/gateway/update', g)).body.code).toBe(5001);
    expect(
      (await t.call(b.token, 'POST', '/api/gateway/updatemqtt', { gwID: g.gwID, mqttKeepAlive: 20 })).body.code,
    ).toBe(5001);
    expect((await t.call(b.token, 'POST', '/api/gateway/batchUpdate', { gwIDs: [g.gwID], txPower: 5 })).body.code).toBe(
      5001,
    );
    const del = await t.call(b.token, 'POST', '/api/gateway/delete', { gwIDs: [g.gwID] });
    expect(del.body).toMatchObject({ code: 5006, data: { errors: [{ gwID: g.gwID, code: 5001 }] } });
    expect((await info(a.token, g.gwID)).body.data.txPower).toBe(0);
    const all = await list(admin, { pageSize: '1000' });
    const seen = all.data.find((r: any) => r.gwID === g.gwID);
    expect(seen).toMatchObject({ owner: 'owner-a', ownerID: a.userID });
    // admin may update a common user's gateway; ownership stays
    expect((await t.call(admin, 'POST', '/api/gateway/update', { ...g, remarks: 'by admin' })).body.code).toBe(0);
    expect((await info(a.token, g.gwID)).body.data.remarks).toBe('by admin');
    // search respects ownership; admins get the owner column
    const searchB = t.services.search.get('gateway')!;
    expect(
      (await searchB.fn({ keyword: g.gwID, user: { id: b.userID, name: 'owner-b', admin: false }, offset: 0 })).amount,
    ).toBe(0);
    const mine = await searchB.fn({
      keyword: g.gwID,
      user: { id: a.userID, name: 'owner-a', admin: false },
      offset: 0,
    });
    expect(mine.rows).toEqual([expect.not.objectContaining({ owner: expect.anything() })]);
    const asAdmin = await searchB.fn({ keyword: 'gw-128', user: { id: 1, name: 'admin', admin: true }, offset: 0 });
    expect(asAdmin.rows[0]).toMatchObject({ gwID: g.gwID, owner: 'owner-a' });
  });

  it('deletes all or nothing', async () => {
    const { token } = await t.userWithToken('deleter');
    await t.call(token, 'POST', '/api/gateway/create', gw(0x90));
    await t.call(token, 'POST', '/api/gateway/create', gw(0x91));
    const bad = await t.call(token, 'POST', '/api/gateway/delete', { gwIDs: [gw(0x90).gwID, 'ffffffffffffffff'] });
    expect(bad).toMatchObject({ status: 400, body: { code: 5006 } });
    expect(bad.body.data.errors).toEqual([expect.objectContaining({ gwID: 'ffffffffffffffff', code: 5001 })]);
    expect((await list(token)).amount).toBe(2);
    expect((await t.call(token, 'POST', '/api/gateway/delete', { gwIDs: [] })).body).toMatchObject({
      code: 1007,
      field: 'gwIDs',
    });
    expect((await t.call(token, 'POST', '/api/gateway/delete', {})).body).toMatchObject({ code: 1006, field: 'gwIDs' });
    const okDel = await t.call(token, 'POST', '/api/gateway/delete', { gwIDs: [gw(0x90).gwID, gw(0x91).gwID] });
    expect(okDel.body.code).toBe(0);
    expect((await list(token)).amount).toBe(0);
  });

  it('batch-updates only the fields sent, all or nothing', async () => {
    const { token } = await t.userWithToken('batcher');
    const tag = (await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['b1'] })).body.data.tagsId[0];
    const ids = [0xa0, 0xa1, 0xa2].map((n) => gw(n).gwID);
    for (const n of [0xa0, 0xa1, 0xa2]) await t.call(token, 'POST', '/api/gateway/create', gw(n, { remarks: 'keep' }));
    const res = await t.call(token, 'POST', '/api/gateway/batchUpdate', {
      gwIDs: ids,
      mqttKeepAlive: 10,
      txPower: 0,
      bridgeLog: 1,
      enablePFW: true,
      gwType: 'rhf2s001',
      tagsId: [tag],
    });
    expect(res.body).toMatchObject({ code: 0, data: { count: 3 } });
    for (const id of ids) {
      expect((await info(token, id)).body.data).toMatchObject({
        enableBridgeLogToFile: true,
        enablePFW: true,
        gwType: 'rhf2s001',
        remarks: 'keep',
        tagsId: [tag],
      });
    }
    const partial = await t.call(token, 'POST', '/api/gateway/batchUpdate', {
      gwIDs: [...ids, 'eeeeeeeeeeeeeeee'],
      remarks: 'changed',
    });
    expect(partial.body).toMatchObject({ code: 5001, data: { errors: [{ gwID: 'eeeeeeeeeeeeeeee', code: 5001 }] } });
    expect((await info(token, ids[0]!)).body.data.remarks).toBe('keep');
    expect(
      (await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: ids, mqttKeepAlive: 61 })).body,
    ).toMatchObject({
      code: 1007,
      field: 'mqttKeepAlive',
    });
    expect((await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: ids, bridgeLog: 3 })).body.code).toBe(
      1007,
    );
    const pico = await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: ids, gwType: 'rhf2sp01' });
    expect(pico.body.code).toBe(7003);
    expect(pico.body.data.errors).toHaveLength(3);
    expect((await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: ids, gwType: 'nope' })).body.code).toBe(
      7001,
    );
    const other = (await t.call(alice.token, 'POST', '/api/gateway/tags/create', { tags: ['alice-only'] })).body.data
      .tagsId[0];
    const foreign = await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: ids, tagsId: [other] });
    expect(foreign.body).toMatchObject({ code: 1007, field: 'tagsId' });
    expect(
      (await t.call(token, 'POST', '/api/gateway/updatemqtt', { gwID: ids[0], mqttKeepAlive: 30 })).body.code,
    ).toBe(0);
    expect((await info(token, ids[0]!)).body.data.mqttKeepAlive).toBe(30);
  });

  it('a batch update that sets only a remark leaves every other setting as it was', async () => {
    const { token } = await t.userWithToken('remark-only');
    const tag = (await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['kept'] })).body.data.tagsId[0];
    const own = {
      txPower: 14,
      mqttKeepAlive: 45,
      enableClassB: true,
      enableClassC: true,
      enableBridgeLogToFile: true,
      pushUrls: ['https://example.com/up'],
      headers: { 'x-key': 'v' },
      tagsId: [tag],
      remarks: 'before',
    };
    const id = gw(0xc7).gwID;
    expect((await t.call(token, 'POST', '/api/gateway/create', gw(0xc7, own))).body.code).toBe(0);
    const before = (await info(token, id)).body.data;
    const res = await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: [id], remarks: 'after' });
    expect(res.body).toMatchObject({ code: 0, data: { count: 1 } });
    const after = (await info(token, id)).body.data;
    expect(after).toMatchObject({ ...own, remarks: 'after' });
    const { remarks: _r, updatetime: _u, ...rest } = after;
    const { remarks: _rb, updatetime: _ub, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    // Nothing to change: refused with a code, and the gateway is untouched.
    const nothing = await t.call(token, 'POST', '/api/gateway/batchUpdate', { gwIDs: [id] });
    expect(nothing.body).toMatchObject({ code: 1006, field: 'body' });
    expect((await info(token, id)).body.data.remarks).toBe('after');
  });

  it('refuses a gateway over the quota with 5005', async () => {
    const { token } = await t.userWithToken('quota');
    await t.services.db.insert(settings).values({ key: 'gateway.quota', value: 1, updatedAt: Date.now() });
    try {
      expect((await t.call(token, 'POST', '/api/gateway/create', gw(0xb0))).body.code).toBe(0);
      expect((await t.call(token, 'POST', '/api/gateway/create', gw(0xb1))).body).toMatchObject({ code: 5005 });
    } finally {
      await t.services.database.exec(`DELETE FROM settings WHERE key = 'gateway.quota'`);
    }
  });

  it('lists gateway architectures with their types', async () => {
    const res = await t.call(alice.token, 'GET', '/api/gateway/listGatewayArch');
    expect(res.body.data.listArch).toEqual(
      expect.arrayContaining([
        { arch: 'stm32l4', gwTypes: ['rhf2sp01'] },
        expect.objectContaining({ arch: 'mipsle', gwTypes: expect.arrayContaining(['rhf2s024']) }),
      ]),
    );
  });

  it('answers without a token with 1003', async () => {
    expect((await t.call(undefined, 'GET', '/api/gateway/list')).body.code).toBe(1003);
  });
});
