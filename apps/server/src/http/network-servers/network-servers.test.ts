import { API } from '@lns/contract/api/index';
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/** Network-server entries and the NTP host through the API: every rule with its code and field. */
describe('network servers and the NTP host', () => {
  let t: TestApp;
  let admin: string;
  let common: string;
  const ns = API.networkServer;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, method, url, data)).body;
  const entry = { region: 'eu868', subnet: 'eu868-default', nsURL: 'ns.example.com:1700' };
  const auditOf = async (action: string) => {
    await t.services.audit.flush();
    return (await call('GET', API.audit.list.path, { pageNo: 1, pageSize: 50 })).data.filter(
      (e: { action: string }) => e.action === action,
    );
  };

  beforeAll(async () => {
    // eu868, cn470 and cn470alid are served here; us915 is in the catalogue but not served (1017).
    t = await createTestApp({ NS_REGIONS: 'eu868,cn470,cn470alid' });
    admin = await t.login();
    common = (await t.userWithToken('ns-user')).token;
  }, 60_000);
  afterAll(() => t?.close());

  it('creates an entry with the default colour, lists it, and refuses a second one for the subnet (1012)', async () => {
    const created = await call('POST', ns.create.path, entry);
    expect(created.code).toBe(0);
    expect(await call('POST', ns.create.path, { ...entry, nsURL: 'mqtt://broker.example.com' })).toMatchObject({
      code: C.SUBNET_EXISTS,
      field: 'subnet',
    });
    const listed = await call('GET', ns.list.path);
    expect(listed.code).toBe(0);
    expect(listed.data).toEqual([
      {
        nsID: created.data.nsID,
        ...entry,
        color: '#666666',
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      },
    ]);
    // Region ids are case-insensitive, colours stored lowercase.
    const second = await call('POST', ns.create.path, {
      region: 'CN470',
      subnet: 'cn470-1',
      nsURL: 'wss://ns.example.com:8443/mqtt',
      color: '#AABBCC',
    });
    expect(second.code, JSON.stringify(second)).toBe(0);
    const rows = (await call('GET', ns.list.path)).data;
    expect(rows.map((r: { subnet: string; color: string }) => [r.subnet, r.color])).toEqual([
      ['cn470-1', '#aabbcc'],
      ['eu868-default', '#666666'],
    ]);
    const audited = await auditOf('ns.create');
    expect(audited.find((e: { entityID: string }) => e.entityID === String(created.data.nsID))).toMatchObject({
      success: true,
      after: { nsURL: entry.nsURL },
    });
  });

  it('refuses unknown regions and subnets (1011) and subnets this server does not serve (1017)', async () => {
    expect(await call('POST', ns.create.path, { ...entry, region: 'xx999' })).toMatchObject({
      code: C.SUBNET_MISSING,
      field: 'region',
    });
    expect(await call('POST', ns.create.path, { ...entry, subnet: 'eu868-nope' })).toMatchObject({
      code: C.SUBNET_MISSING,
      field: 'subnet',
    });
    expect(await call('POST', ns.create.path, { ...entry, region: 'us915', subnet: 'us915-2' })).toMatchObject({
      code: C.SUBNET_UNSUPPORTED,
      field: 'region',
    });
    expect(await call('POST', ns.create.path, { ...entry, region: 'cn470alid', subnet: 'pico-net' })).toMatchObject({
      code: C.SUBNET_UNSUPPORTED,
      field: 'subnet',
    });
  });

  it('refuses bad addresses, colours and garbage with a coded error naming the field, never a 500', async () => {
    for (const nsURL of [
      'http://ns.example.com',
      'ns.example.com',
      'ns.example.com:0',
      'ns.example.com:70000',
      'mqtt://user:pw@broker.example.com',
      'udp://ns.example.com',
      'mqtt://broker.example.com/path',
      'bad host:1700',
      '1.2.3:1700',
      '::1:1700',
      'ns.example.com:1700\u0000',
    ]) {
      expect(
        await call('POST', ns.create.path, { ...entry, region: 'cn470', subnet: 'cn470-2', nsURL }),
        nsURL,
      ).toMatchObject({
        code: C.PARAM_FORMAT,
        field: 'nsURL',
      });
    }
    expect((await call('POST', ns.create.path, { ...entry, nsURL: '  ' })).field).toBe('nsURL');
    expect((await call('POST', ns.create.path, { ...entry, color: 'red' })).field).toBe('color');
    expect((await call('POST', ns.create.path, { ...entry, region: 42 })).field).toBe('region');
    expect((await call('POST', ns.create.path, { ...entry, subnet: 's'.repeat(100) })).field).toBe('subnet');
    for (const nsID of [2 ** 31, -1, 'x', null]) {
      const r = await call('POST', ns.update.path, { ...entry, nsID });
      expect(r, String(nsID)).toMatchObject({ code: nsID === null ? C.PARAM_EMPTY : C.PARAM_FORMAT, field: 'nsID' });
      expect((await call('POST', ns.delete.path, { nsID })).field).toBe('nsID');
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: ns.create.path,
      headers: { 'x-access-token': admin, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(raw.statusCode).toBeLessThan(500);
    // Nothing written by the refusals.
    expect((await call('GET', ns.list.path)).data).toHaveLength(2);
    // Accepted forms.
    for (const nsURL of [
      '[2001:db8::1]:1700',
      '192.0.2.10:1700',
      'udp://ns.example.com:1700',
      'mqtts://b.example.com',
    ]) {
      const other = { region: 'cn470', subnet: 'cn470-1' };
      const [row] = (await call('GET', ns.list.path)).data.filter((r: { subnet: string }) => r.subnet === other.subnet);
      expect((await call('POST', ns.update.path, { ...other, nsURL, nsID: row.nsID })).code, nsURL).toBe(0);
    }
  });

  it('updates and deletes entries; a missing entry is 1011, a taken subnet 1012', async () => {
    const [second, first] = (await call('GET', ns.list.path)).data;
    expect(
      await call('POST', ns.update.path, { nsID: second.nsID, ...entry, nsURL: 'mqtt://b.example.com' }),
    ).toMatchObject({ code: C.SUBNET_EXISTS, field: 'subnet' });
    expect(
      await call('POST', ns.update.path, { nsID: first.nsID, ...entry, region: 'us915', subnet: 'us915-2' }),
    ).toMatchObject({ code: C.SUBNET_UNSUPPORTED });
    const changed = await call('POST', ns.update.path, {
      nsID: first.nsID,
      ...entry,
      nsURL: 'mqtt://broker.example.com:1883',
      color: '#112233',
    });
    expect(changed.code).toBe(0);
    expect((await call('GET', ns.list.path)).data[1]).toMatchObject({
      nsID: first.nsID,
      nsURL: 'mqtt://broker.example.com:1883',
      color: '#112233',
    });
    const [audited] = await auditOf('ns.update');
    expect(audited).toMatchObject({ entityID: String(first.nsID) });
    expect(audited.after).toMatchObject({ color: '#112233' });
    expect(await call('POST', ns.update.path, { nsID: 999_999, ...entry })).toMatchObject({
      code: C.SUBNET_MISSING,
      field: 'nsID',
    });
    expect((await call('POST', ns.delete.path, { nsID: first.nsID })).code).toBe(0);
    expect(await call('POST', ns.delete.path, { nsID: first.nsID })).toMatchObject({
      code: C.SUBNET_MISSING,
      field: 'nsID',
    });
    expect((await call('GET', ns.list.path)).data.map((r: { nsID: number }) => r.nsID)).toEqual([second.nsID]);
  });

  it('sets the NTP host (required, a host name or IP address)', async () => {
    expect((await call('GET', API.ntp.info.path)).data).toEqual({ ntpHost: '', updatedAt: null });
    for (const ntpHost of [
      '',
      '  ',
      'ntp/evil',
      'pool..ntp.org',
      '-a.org',
      '300.1.1.1',
      'pool.ntp.org:123',
      'a\u0000b',
    ]) {
      expect(await call('POST', API.ntp.update.path, { ntpHost }), ntpHost).toMatchObject({
        code: ntpHost.trim() === '' ? C.PARAM_EMPTY : C.PARAM_FORMAT,
        field: 'ntpHost',
      });
    }
    expect((await call('POST', API.ntp.update.path, {})).field).toBe('ntpHost');
    expect((await call('POST', API.ntp.update.path, { ntpHost: 'x'.repeat(129) })).field).toBe('ntpHost');
    for (const ntpHost of ['10.0.0.1', '2001:db8::123', 'time.example.com']) {
      expect((await call('POST', API.ntp.update.path, { ntpHost: ` ${ntpHost} ` })).code, ntpHost).toBe(0);
    }
    expect((await call('GET', API.ntp.info.path)).data).toEqual({
      ntpHost: 'time.example.com',
      updatedAt: expect.any(Number),
    });
    const [audited] = await auditOf('ntp.update');
    expect(audited).toMatchObject({ entityID: 'ntpHost', after: { ntpHost: 'time.example.com' } });
  });

  it('refuses common users everywhere', async () => {
    for (const e of [...Object.values(API.networkServer), ...Object.values(API.ntp)]) {
      const body = e.method === 'GET' ? undefined : { ...entry, nsID: 1, ntpHost: 'evil.example.com' };
      expect((await call(e.method as 'GET' | 'POST', e.path, body, common)).code, e.path).toBe(C.FORBIDDEN);
    }
    expect((await call('GET', API.ntp.info.path)).data.ntpHost).toBe('time.example.com');
  });
});
