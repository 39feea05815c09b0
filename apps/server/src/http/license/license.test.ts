import { generateKeyPairSync } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { API } from '@lns/contract/api/index';
import { C } from '@lns/contract/codes';
import { PLATFORM_TOKEN_HEADER } from '@lns/contract/license';
import { encodeLicense, rawPublicKey } from '@lns/contract/license-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLicense } from '../../../../../tools/license/src/issue';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { hashToken } from '../../auth/tokens';
import { writeStoredLicense } from '../../license/store';

const NET_ID = '00001a';
const TOKEN = 'audit-token-0123456789';
const { privateKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519').privateKey;
const payload = (over: Record<string, unknown> = {}) => ({
  v: 1 as const,
  licensee: 'ACME Networks',
  nwID: NET_ID,
  devices: 3,
  gateways: 1,
  issuedAt: Date.now(),
  expiresAt: Date.now() + 86_400_000,
  ...over,
});
const gateway = (n: number) => ({
  gwID: `a84041000000${String(n).padStart(4, '0')}`,
  gwName: `lic-gw-${n}`,
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'rhf2s027',
  txPower: 0,
});

function gatewaySheet(rows: ReturnType<typeof gateway>[]) {
  const aoa = [
    ['gwID*', 'gwName*', 'gwType*', 'region*', 'subnet*', 'txPower*'],
    ...rows.map((g) => [g.gwID, g.gwName, g.gwType, g.region, g.subnet, g.txPower]),
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'gateways');
  const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const boundary = '----lnslicense';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The license and token through the API, and what they allow, on a server with LICENSE_PUBLIC_KEY set. */
describe('platform license (licensed mode)', () => {
  let t: TestApp;
  let admin: string;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, method, url, data)).body;
  // The login answer carries its token beside the envelope's fields.
  const signIn = async (name: string) =>
    (await call('POST', API.auth.login.path, { name, password: 'pw-123456' }, '')) as { code: number; token: string };
  const count = async (table: 'devices' | 'gateways') => (await t.services.license.usage())[table];

  beforeAll(async () => {
    t = await createTestApp({ LICENSE_PUBLIC_KEY: rawPublicKey(privateKey), NET_ID: NET_ID.toUpperCase() });
    admin = await t.login();
    const created = await call('POST', API.user.create.path, { name: 'ops', password: 'pw-123456', admin: 0 });
    expect(created.code).toBe(0);
  }, 60_000);
  afterAll(() => t?.close());

  it('without a license: state none, creates refused with 13001, common users kept out, admins in', async () => {
    expect((await call('GET', API.license.status.path)).data).toEqual({
      mode: 'licensed',
      state: 'none',
      problem: null,
      licensee: null,
      nwID: null,
      quotas: null,
      issuedAt: null,
      expiresAt: null,
      netID: NET_ID,
      usage: { devices: 0, gateways: 0 },
      tokenSet: false,
    });
    expect((await call('POST', API.gateway.create.path, gateway(1))).code).toBe(C.LICENSE_INVALID);
    expect(await count('gateways')).toBe(0);
    expect((await signIn('ops')).code).toBe(C.LICENSE_INVALID);
    expect((await call('GET', API.auth.info.path)).data.license).toEqual({ valid: false, expiresAt: null });
  });

  it('refuses a tampered, foreign-key, other-network or expired license and stores nothing', async () => {
    const good = issueLicense(
      { licensee: 'ACME Networks', nwId: NET_ID, devices: 3, gateways: 1, expires: '2099-12-31' },
      privateKey,
    );
    const [p, body, sig] = good.split('.');
    const forged = Buffer.from(JSON.stringify(payload({ gateways: 1000 }))).toString('base64url');
    const cases: [string, number][] = [
      [`${p}.${forged}.${sig}`, C.LICENSE_INVALID],
      [`${p}.${body}.${sig!.slice(2)}`, C.LICENSE_INVALID],
      ['not a license', C.LICENSE_INVALID],
      [encodeLicense(payload(), other), C.LICENSE_INVALID],
      [encodeLicense(payload({ nwID: '000013' }), privateKey), C.LICENSE_INVALID],
      [encodeLicense(payload({ expiresAt: Date.now() - 1 }), privateKey), C.LICENSE_EXPIRED],
    ];
    for (const [license, code] of cases) {
      const r = await call('POST', API.license.update.path, { license, token: TOKEN });
      expect(r, license).toMatchObject({ code, field: 'license' });
    }
    expect((await call('GET', API.license.status.path)).data).toMatchObject({ state: 'none', tokenSet: false });
  });

  it('answers garbage with the field at fault and refuses common users', async () => {
    const license = encodeLicense(payload(), privateKey);
    expect(await call('POST', API.license.update.path, { license: '', token: TOKEN })).toMatchObject({
      field: 'license',
    });
    expect(await call('POST', API.license.update.path, { license })).toMatchObject({ field: 'token' });
    expect(await call('POST', API.license.update.path, { license, token: 'short' })).toMatchObject({
      code: C.PARAM_FORMAT,
      field: 'token',
    });
    expect(await call('POST', API.license.update.path, { license: 7, token: TOKEN })).toMatchObject({
      field: 'license',
    });
    expect(await call('POST', API.license.update.path, { license: `${license}\u0000`, token: TOKEN })).toMatchObject({
      field: 'license',
    });
    expect((await call('GET', API.license.status.path)).data.state).toBe('none');
  });

  it('installs a license from the tool (wrapped as pasted) and shows it with the usage', async () => {
    const license = issueLicense(
      { licensee: 'ACME Networks', nwId: NET_ID, devices: 3, gateways: 1, expires: '2099-12-31' },
      privateKey,
    );
    const wrapped = `${license.slice(0, 60)}\n${license.slice(60)}\n`;
    const r = await call('POST', API.license.update.path, { license: wrapped, token: TOKEN });
    expect(r.code).toBe(0);
    const expected = {
      mode: 'licensed',
      state: 'valid',
      problem: null,
      licensee: 'ACME Networks',
      nwID: NET_ID,
      quotas: { devices: 3, gateways: 1 },
      expiresAt: Date.UTC(2100, 0, 1),
      netID: NET_ID,
      usage: { devices: 0, gateways: 0 },
      tokenSet: true,
    };
    expect(r.data).toMatchObject(expected);
    expect((await call('GET', API.license.status.path)).data).toMatchObject(expected);
    expect(JSON.stringify((await call('GET', API.license.status.path)).data)).not.toContain(TOKEN);
    const ops = await signIn('ops');
    expect(ops.code).toBe(0);
    expect((await call('GET', API.auth.info.path, undefined, ops.token)).data.license).toEqual({
      valid: true,
      expiresAt: Date.UTC(2100, 0, 1),
    });
    expect((await call('GET', API.license.status.path, undefined, ops.token)).code).toBe(C.FORBIDDEN);
    expect((await call('POST', API.license.update.path, { license, token: TOKEN }, ops.token)).code).toBe(C.FORBIDDEN);
  });

  it('keeps gateways within the license: create and import over it get 5005, nothing written', async () => {
    expect((await call('POST', API.gateway.create.path, gateway(1))).code).toBe(0);
    expect(await call('POST', API.gateway.create.path, gateway(2))).toMatchObject({ code: C.GATEWAY_QUOTA });
    const { payload: sheet, headers } = gatewaySheet([gateway(3), gateway(4)]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.gateway.import.path,
      payload: sheet,
      headers: { ...headers, 'x-access-token': admin },
    });
    expect(res.json().code).toBe(C.GATEWAY_QUOTA);
    expect(await count('gateways')).toBe(1);
  });

  it('keeps devices within the license over every owner: a batch over it gets 4005 and writes nothing', async () => {
    const ops = (await signIn('ops')).token;
    const appID = (await call('POST', API.application.create.path, { appName: 'lic-app' }, ops)).data.appID;
    const adminApp = (await call('POST', API.application.create.path, { appName: 'lic-admin' })).data.appID;
    expect((await call('POST', API.device.create.path, { appID: adminApp, ...otaaDevice(1) })).code).toBe(0);
    const batch = (ns: number[]) => ({ appID, authType: 'otaa', devices: ns.map((n) => otaaDevice(n)) });
    const over = await call('POST', API.device.batchCreate.path, batch([2, 3, 4]), ops);
    expect(over.code).toBe(C.DEVICE_QUOTA);
    expect(await count('devices')).toBe(1);
    expect((await call('POST', API.device.batchCreate.path, batch([2, 3]), ops)).code).toBe(0);
    expect((await call('POST', API.device.create.path, { appID, ...otaaDevice(5) }, ops)).code).toBe(C.DEVICE_QUOTA);
    expect((await call('GET', API.license.status.path)).data.usage).toEqual({ devices: 3, gateways: 1 });
  });

  it('serves the usage report to the token holder only', async () => {
    const usage = (headers: Record<string, string>) => t.call(undefined, 'GET', API.license.usage.path, {}, headers);
    expect((await usage({})).body.code).toBe(C.TOKEN_MISSING);
    expect((await usage({ [PLATFORM_TOKEN_HEADER]: 'wrong-token-0123456789' })).body.code).toBe(C.TOKEN_INVALID);
    // A user's session token is not the platform token.
    expect((await usage({ 'x-access-token': admin })).body.code).toBe(C.TOKEN_MISSING);
    const r = await usage({ [PLATFORM_TOKEN_HEADER]: TOKEN });
    expect(r.body).toMatchObject({
      code: 0,
      data: {
        state: 'valid',
        licensee: 'ACME Networks',
        quotas: { devices: 3, gateways: 1 },
        usage: { devices: 3, gateways: 1 },
      },
    });
    expect(r.body.data.tokenSet).toBeUndefined();
  });

  it('once expired: 13002 for creates and common sign-in, admins still sign in, the data stays', async () => {
    // Time passing: the stored license is replaced by one that has expired (install refuses those).
    const expired = encodeLicense(payload({ expiresAt: Date.now() - 1000 }), privateKey);
    await writeStoredLicense(t.services.db, expired, hashToken(TOKEN));
    expect((await signIn('ops')).code).toBe(C.LICENSE_EXPIRED);
    const again = await t.login();
    const info = (await call('GET', API.auth.info.path, undefined, again)).data.license;
    expect(info.valid).toBe(false);
    expect(info.expiresAt).toBeLessThan(Date.now());
    expect((await call('POST', API.gateway.create.path, gateway(9), again)).code).toBe(C.LICENSE_EXPIRED);
    expect((await call('GET', API.license.status.path, undefined, again)).data).toMatchObject({
      state: 'expired',
      usage: { devices: 3, gateways: 1 },
    });
    expect((await call('GET', API.gateway.list.path, undefined, again)).amount).toBe(1);
  });
});

describe('platform license (no public key: unlimited)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  }, 60_000);
  afterAll(() => t?.close());

  it('counts nothing, installs nothing, and lets everyone in', async () => {
    const status = (await t.call(admin, 'GET', API.license.status.path)).body.data;
    expect(status).toMatchObject({ mode: 'unlimited', state: 'none', tokenSet: false, quotas: null });
    const license = encodeLicense(payload(), privateKey);
    expect((await t.call(admin, 'POST', API.license.update.path, { license, token: TOKEN })).body).toMatchObject({
      code: C.LICENSE_INVALID,
      field: 'license',
    });
    expect((await t.call(admin, 'GET', API.auth.info.path)).body.data.license).toEqual({
      valid: true,
      expiresAt: null,
    });
    expect((await t.call(admin, 'POST', API.gateway.create.path, gateway(1))).body.code).toBe(0);
    expect((await t.call(admin, 'POST', API.gateway.create.path, gateway(2))).body.code).toBe(0);
    const { token } = await t.userWithToken('free');
    expect(token).toBeTruthy();
    const usage = await t.call(undefined, 'GET', API.license.usage.path, {}, { [PLATFORM_TOKEN_HEADER]: TOKEN });
    expect(usage.body.code).toBe(C.TOKEN_INVALID);
  });
});
