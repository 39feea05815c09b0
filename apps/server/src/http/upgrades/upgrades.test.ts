import { randomBytes } from 'node:crypto';
import { API } from '@lns/contract/api/index';
import { fileUrlOf } from '@lns/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { packageUrl } from '../../gateways/upgrades/package-url';

/** Versions, tasks, records and catalogues through the API, every refusal with its code and field. */
describe('gateway upgrade API', () => {
  let t: TestApp;
  let admin: string;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, method, url, data)).body;
  const store = async (name: string, data = randomBytes(2048)) => (await t.services.files.save(data, name, 1)).file;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    for (const [gwType, arch] of [
      ['armgw', 'arm'],
      ['mipsgw', 'mipsle'],
    ]) {
      expect((await call('POST', API.gatewayType.create.path, { gwType, arch })).code).toBe(0);
    }
    for (let i = 0; i < 3; i++) {
      const gw = {
        gwID: `a840411b2c3d4f0${i}`,
        gwName: `up-${i}`,
        region: 'eu868',
        subnet: 'eu868-default',
        gwType: i < 2 ? 'armgw' : 'mipsgw',
        txPower: 0,
      };
      expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('adds, lists and deletes versions of each kind with their rules', async () => {
    const deb = await store('pkg_1.0_armhf.deb');
    const bin = await store('lora_pkt_fwd');
    expect(
      (await call('POST', API.debUpgrade.createNewVersion.path, { name: 'v1.0', fileUrl: bin.fileUrl })).field,
    ).toBe('fileUrl');
    const created = await call('POST', API.debUpgrade.createNewVersion.path, {
      name: 'v1.0',
      fileUrl: deb.fileUrl,
      restartAfterInstall: true,
    });
    expect(created.code).toBe(0);
    expect(
      (await call('POST', API.debUpgrade.createNewVersion.path, { name: 'v1.0', fileUrl: deb.fileUrl })).code,
    ).toBe(8002);
    expect(
      (await call('POST', API.debUpgrade.createNewVersion.path, { name: 'bad name!', fileUrl: deb.fileUrl })).field,
    ).toBe('name');
    expect(
      await call('POST', API.debUpgrade.createNewVersion.path, { name: 'v2', fileUrl: fileUrlOf('0'.repeat(64)) }),
    ).toMatchObject({ code: 6003, field: 'fileUrl' });
    const pf = await call('POST', API.packetForwarderUpgrade.createNewVersion.path, {
      name: 'pf-2',
      fileUrl: bin.fileUrl,
      arch: 'arm',
    });
    expect(pf.code).toBe(0);
    expect(
      (
        await call('POST', API.packetForwarderUpgrade.createNewVersion.path, {
          name: 'pf-2',
          fileUrl: bin.fileUrl,
          arch: 'arm',
        })
      ).code,
    ).toBe(9002);
    expect(
      (await call('POST', API.agentUpgrade.createNewVersion.path, { name: 'a-1', fileUrl: bin.fileUrl, arch: 'x86' }))
        .field,
    ).toBe('arch');
    const list = await call('GET', API.debUpgrade.listVersion.path, { page: 1 });
    expect(list).toMatchObject({ code: 0, amount: 1 });
    expect(list.data[0]).toMatchObject({
      versionName: 'v1.0',
      upgradeType: 1,
      fileName: 'pkg_1.0_armhf.deb',
      restartAfterInstall: true,
      fileUrl: deb.fileUrl,
    });
    expect((await call('GET', API.packetForwarderUpgrade.listVersion.path)).data[0]).toMatchObject({ arch: 'arm' });
    expect((await call('POST', API.opkgUpgrade.deleteVersion.path, { versionId: created.data.id })).code).toBe(8001);
    expect((await call('POST', API.packetForwarderUpgrade.deleteVersion.path, { versionId: 999 })).code).toBe(9001);
    const { token } = await t.userWithToken('up-user');
    expect((await call('GET', API.debUpgrade.listVersion.path, {}, token)).code).toBe(1010);
  });

  it('creates a task over gateway types (arch checked), keeps a version in use, and lists its records', async () => {
    const types = await call('GET', API.upgradeTask.listGatewayType.path);
    expect(types.data).toEqual(
      expect.arrayContaining([
        { gatewayType: 'armgw', arch: 'arm', gateways: 2 },
        { gatewayType: 'mipsgw', arch: 'mipsle', gateways: 1 },
      ]),
    );
    const pf = (await call('GET', API.packetForwarderUpgrade.listVersion.path)).data[0];
    const base = { name: 'pf to 2', upgradeType: 3, versionId: pf.id, gatewayTypes: ['armgw'] };
    expect(await call('POST', API.upgradeTask.create.path, { ...base, gatewayTypes: ['mipsgw'] })).toMatchObject({
      code: 7003,
      field: 'gatewayTypes',
    });
    expect(await call('POST', API.upgradeTask.create.path, { ...base, gatewayTypes: ['nosuch'] })).toMatchObject({
      code: 7001,
      field: 'gatewayTypes',
    });
    expect((await call('POST', API.upgradeTask.create.path, { ...base, gatewayTypes: [] })).field).toBe('gatewayTypes');
    expect(await call('POST', API.upgradeTask.create.path, { ...base, upgradeType: 2 })).toMatchObject({ code: 8001 });
    expect((await call('POST', API.upgradeTask.create.path, { ...base, maxLimit: 0 })).field).toBe('maxLimit');
    const created = await call('POST', API.upgradeTask.create.path, {
      ...base,
      gatewayTypes: [{ gatewayType: 'armgw', arch: 'arm' }],
    });
    expect(created.code).toBe(0);
    expect((await call('POST', API.upgradeTask.create.path, base)).code).toBe(16001);
    const task = await call('GET', API.upgradeTask.detail.path, { taskId: created.data.taskId });
    expect(task.data).toMatchObject({ taskName: 'pf to 2', version: 'pf-2', maxLimit: 5, state: 'waiting', total: 2 });
    expect(task.data.counts.waiting).toBe(2);
    const records = await call('GET', API.upgradeRecord.listByTaskId.path, { taskId: created.data.taskId });
    expect(records.data.map((r: { gatewayId: string }) => r.gatewayId).sort()).toEqual([
      'a840411b2c3d4f00',
      'a840411b2c3d4f01',
    ]);
    expect(records.data[0]).toMatchObject({ state: 'waiting', installStatus: 1, version: 'pf-2', taskName: 'pf to 2' });
    expect((await call('GET', API.upgradeRecord.list.path, { gatewayId: 'a840411b2c3d4f00' })).amount).toBe(1);
    expect(
      (await call('GET', API.upgradeRecord.listByVersionId.path, { versionId: pf.id, upgradeType: 3 })).amount,
    ).toBe(2);
    expect((await call('POST', API.packetForwarderUpgrade.deleteVersion.path, { versionId: pf.id })).code).toBe(8101);
    expect((await call('POST', API.upgradeTask.delete.path, { taskId: created.data.taskId })).code).toBe(0);
    expect((await call('GET', API.upgradeTask.detail.path, { taskId: created.data.taskId })).code).toBe(16004);
    expect((await call('POST', API.packetForwarderUpgrade.deleteVersion.path, { versionId: pf.id })).code).toBe(0);
  });

  it('keeps SDK versions and pico firmware', async () => {
    const sdk = await store('pico_sdk.bin');
    const created = await call('POST', API.gwSdk.create.path, {
      version: '1.2.3',
      filestore: sdk.fileUrl,
      controlType: 'Pico',
    });
    expect(created.code).toBe(0);
    expect((await call('POST', API.gwSdk.create.path, { version: '1.2.3', filestore: sdk.fileUrl })).code).toBe(8002);
    expect((await call('POST', API.gwSdk.create.path, { version: '', filestore: sdk.fileUrl })).field).toBe('version');
    expect(
      (await call('POST', API.gwSdk.create.path, { version: '1', filestore: sdk.fileUrl, controlType: 'Bridge' }))
        .field,
    ).toBe('controlType');
    expect(
      (
        await call('POST', API.gwSdk.update.path, {
          sdkID: created.data.sdkID,
          version: '1.2.4',
          filestore: sdk.fileUrl,
        })
      ).code,
    ).toBe(0);
    expect((await call('GET', API.gwSdk.list.path)).data[0]).toMatchObject({
      version: '1.2.4',
      fileName: 'pico_sdk.bin',
    });
    expect((await call('POST', API.gwSdk.delete.path, { sdkID: created.data.sdkID })).code).toBe(0);
    expect((await call('POST', API.gwSdk.delete.path, { sdkID: created.data.sdkID })).code).toBe(8001);

    const fw = await store('pico_fw.bin');
    expect(
      (await call('POST', API.picoFirmware.create.path, { gwType: 'nosuch', version: '1', fileUrl: fw.fileUrl })).code,
    ).toBe(7001);
    const pico = await call('POST', API.picoFirmware.create.path, {
      gwType: 'ARMGW',
      version: '1',
      fileUrl: fw.fileUrl,
    });
    expect(pico.code).toBe(0);
    expect((await call('GET', API.picoFirmware.list.path)).data[0]).toMatchObject({ gwType: 'armgw', version: '1' });
    expect((await call('POST', API.picoFirmware.delete.path, { id: pico.data.id })).code).toBe(0);
  });

  it('serves a package to the gateway it was signed for, in ranges, and to nobody else', async () => {
    const data = randomBytes(10_000);
    const file = await store('pkt_fwd_bin', data);
    const cred = (await call('GET', API.gateway.mqttInfo.path, { gwID: 'a840411b2c3d4f00' })).data;
    const url = new URL(packageUrl('http://x', cred.password, file.digest, 'a840411b2c3d4f00'));
    const get = (u: URL, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers });
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await get(url, { range: 'bytes=9000-' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(9000))).toBe(true);
    const other = new URL(url);
    other.searchParams.set('gw', 'a840411b2c3d4f01');
    expect((await get(other)).json()).toMatchObject({ code: 1004, field: 'sig' });
    const late = new URL(
      packageUrl('http://x', cred.password, file.digest, 'a840411b2c3d4f00', Date.now() - 2 * 86_400_000),
    );
    expect((await get(late)).json().code).toBe(1004);
    const tampered = new URL(url);
    const sig = url.searchParams.get('sig')!;
    tampered.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(tampered)).json().code).toBe(1004);
  });
});
