import { createHash } from 'node:crypto';
import { FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fuotaDevices, fuotaTasks } from '../../db/schema/fuota';
import { gatewayBody, mcGroup } from '../multicast/fixtures';

const image = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 13 + seed) & 0xff));
const dataUrl = (b: Buffer) => `data:application/octet-stream;base64,${b.toString('base64')}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The transfer-task API; the runner is not started, so every created task stays in state 0 until aborted. */
describe('FUOTA tasks API', () => {
  let t: TestApp;
  let admin: string;
  let common: string;
  // a: 3 members, b: 2, refuse: 1 (never gets a task), empty: none, noGw: members without a gateway.
  const [a, b, refuse, empty, noGw] = [1, 2, 3, 4, 5].map((n) => mcGroup(0x50 + n));
  const members: Record<string, string[]> = {};
  const fwA = image(1000, 1);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    common = (await t.userWithToken('fuota-common')).token;
    const appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'fw' })).body.data.appID;
    let devN = 0x900;
    const groups: [typeof a, number, boolean][] = [
      [a, 3, true],
      [b, 2, true],
      [refuse, 1, true],
      [empty, 0, true],
      [noGw, 1, false],
    ];
    for (const [i, [g, n, gw]] of groups.entries()) {
      expect((await t.call(admin, 'POST', '/api/mcgroup/create', g)).body.code).toBe(0);
      members[g.mcEUI] = [];
      for (let k = 0; k < n; k++) {
        const d = otaaDevice(++devN);
        expect((await t.call(admin, 'POST', '/api/device/create', { ...d, appID })).body.code).toBe(0);
        members[g.mcEUI]!.push(d.devEUI);
      }
      if (n) await t.call(admin, 'POST', '/api/mcdevice/create', { mcEUI: g.mcEUI, devEUIs: members[g.mcEUI] });
      if (!gw) continue;
      expect((await t.call(admin, 'POST', '/api/gateway/create', gatewayBody(0x50 + i))).body.code).toBe(0);
      const bind = { mcEUI: g.mcEUI, gwIDs: [gatewayBody(0x50 + i).gwID] };
      expect((await t.call(admin, 'POST', '/api/mcgateway/create', bind)).body.code).toBe(0);
    }
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, token = admin) => t.call(token, 'POST', '/api/fuota/create', body);
  const info = async (fdID: number) => (await t.call(admin, 'GET', '/api/fuota/info', { fdID: String(fdID) })).body;
  const list = async (q: Record<string, string> = {}) => (await t.call(admin, 'GET', '/api/fuota/list', q)).body;
  const devices = async (q: Record<string, string>) => (await t.call(admin, 'GET', '/api/fuota/devices', q)).body;
  const taskCount = async () => (await t.services.db.select().from(fuotaTasks)).length;
  const uploadPlain = async (data: Buffer, name: string) => {
    const boundary = 'lnsfuota';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': admin },
    });
    expect(res.json().code).toBe(0);
    return res.json().data.fileUrl as string;
  };

  it('creates a task from a data URL: fragments, redundancy and members as planned, waiting', async () => {
    const res = await create({ mcEUI: a.mcEUI, firmwareName: 'meter-fw', payload: dataUrl(fwA), newVersion: '1.2.0' });
    expect(res.body).toMatchObject({ code: 0, data: { fdID: expect.any(Number) } });
    ids.a1 = res.body.data.fdID;
    const nbFrag = Math.ceil(1000 / 48);
    expect((await info(ids.a1!)).data).toMatchObject({
      fdID: ids.a1,
      mcEUI: a.mcEUI,
      mcName: a.mcName,
      firmwareName: 'meter-fw',
      oldVersion: '',
      newVersion: '1.2.0',
      payloadSize: 1000,
      digest: sha(fwA),
      redundancyPercent: 30,
      nbFrag,
      fragSize: 48,
      padding: nbFrag * 48 - 1000,
      redundancy: Math.ceil((nbFrag * 30) / 100),
      fragsSent: 0,
      state: S.CREATED,
      status: 'waiting',
      kind: 2,
      progress: 0,
      deviceNums: 3,
      doneNums: 0,
      username: 'admin',
      finishtime: null,
    });
    const devs = await devices({ fdID: String(ids.a1) });
    expect(devs.amount).toBe(3);
    expect(devs.data.map((d: { devEUI: string }) => d.devEUI).sort()).toEqual([...members[a.mcEUI]!].sort());
    expect(devs.data.every((d: { state: number; mcEUI: string }) => d.state === 0 && d.mcEUI === a.mcEUI)).toBe(true);
  });

  it('creates a task from a stored file', async () => {
    const fw = image(4800, 2);
    const fileUrl = await uploadPlain(fw, 'lamp.bin');
    const res = await create({ mcEUI: b.mcEUI, firmwareName: 'lamp-fw', fileUrl, redundancyPercent: '7' });
    expect(res.body.code).toBe(0);
    ids.b1 = res.body.data.fdID;
    const row = (await info(ids.b1!)).data;
    expect(row).toMatchObject({ nbFrag: 100, fragSize: 48, padding: 0, redundancy: 7, digest: sha(fw) });
    expect(row).toMatchObject({ payloadSize: 4800, status: 'waiting', kind: 2, progress: 0, deviceNums: 2 });
  });

  it('refuses each wrong request with its code and field, writing nothing', async () => {
    const before = await taskCount();
    const ok = { mcEUI: refuse.mcEUI, firmwareName: 'x', payload: dataUrl(image(100, 3)) };
    const expectRefusal = async (body: Record<string, unknown>, want: Record<string, unknown>) => {
      const res = await create(body);
      expect(res.body, JSON.stringify(body).slice(0, 80)).toMatchObject(want);
      expect(res.status).toBeLessThan(500);
    };
    await expectRefusal({ ...ok, mcEUI: 'aa000000000000ff' }, { code: 14001, field: 'mcEUI' });
    await expectRefusal({ ...ok, mcEUI: empty.mcEUI }, { code: 14016, field: 'mcEUI' });
    await expectRefusal({ ...ok, mcEUI: noGw.mcEUI }, { code: 14017, field: 'mcEUI' });
    await expectRefusal({ ...ok, mcEUI: a.mcEUI }, { code: 16001, field: 'mcEUI' });
    for (const redundancyPercent of [0, 101, 'x', 2.5]) {
      const res = await create({ ...ok, redundancyPercent });
      expect(res.body).toMatchObject({ code: 1007, field: 'redundancyPercent' });
      expect(res.body.msg).toContain('Please enter 1~100');
    }
    await expectRefusal({ ...ok, firmwareName: undefined }, { field: 'firmwareName' });
    await expectRefusal({ ...ok, firmwareName: '   ' }, { field: 'firmwareName' });
    await expectRefusal({ ...ok, payload: undefined }, { field: 'payload' });
    await expectRefusal({ ...ok, payload: 'hello' }, { code: 1007, field: 'payload' });
    await expectRefusal({ ...ok, payload: 'data:;base64,' }, { field: 'payload' });
    const tooBig = await create({ ...ok, payload: dataUrl(image(65_537, 4)) });
    expect(tooBig.body).toMatchObject({ code: 1007, field: 'payload' });
    expect(tooBig.body.msg).toContain('Please upload a firmware file of 65536 bytes or less');
    const bigUrl = await uploadPlain(image(70_000, 5), 'big.bin');
    const bigFile = await create({ ...ok, payload: undefined, fileUrl: bigUrl });
    expect(bigFile.body).toMatchObject({ code: 1007, field: 'fileUrl' });
    expect(bigFile.body.msg).toContain('65536 bytes or less');
    for (const fileUrl of [`/api/file/${'0'.repeat(64)}`, 'https://example.com/fw.bin'])
      await expectRefusal({ ...ok, payload: undefined, fileUrl }, { code: 6003, field: 'fileUrl' });
    expect(await taskCount()).toBe(before);
  });

  it('answers garbage bodies with a coded 4xx, never a 500', async () => {
    const before = await taskCount();
    const bodies = ['[]', '42', 'null', '"x"', '{"mcEUI":[1],"firmwareName":{}}', `"${'x'.repeat(3_000_000)}"`];
    bodies.push(JSON.stringify({ mcEUI: refuse.mcEUI, firmwareName: 'x', payload: `data:;base64,${'A'.repeat(9e4)}` }));
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fuota/create',
        payload,
        headers: { 'content-type': 'application/json', 'x-access-token': admin },
      });
      expect([res.statusCode, res.json().code > 0], payload.slice(0, 40)).toEqual([expect.any(Number), true]);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await taskCount()).toBe(before);
  });

  it('aborts a waiting task at once (abnormal, aborted by admin); 16003 when finished, 16004 when unknown', async () => {
    expect((await t.call(admin, 'POST', '/api/fuota/abort', { fdID: ids.a1 })).body.code).toBe(0);
    expect((await info(ids.a1!)).data).toMatchObject({
      state: S.DONE,
      status: 'abnormal',
      error_message: 'aborted by admin',
      progress: 100,
      finishtime: expect.any(Number),
    });
    const again = await t.call(admin, 'POST', '/api/fuota/abort', { fdID: ids.a1 });
    expect(again).toMatchObject({ status: 409, body: { code: 16003, field: 'fdID' } });
    const unknown = await t.call(admin, 'POST', '/api/fuota/abort', { fdID: 999_999 });
    expect(unknown).toMatchObject({ status: 404, body: { code: 16004 } });
    // The group is free again: the same image a second time, sent twice at once (one task only).
    const body = { mcEUI: a.mcEUI, firmwareName: 'meter-fw', payload: dataUrl(fwA) };
    const both = await Promise.all([create(body), create(body)]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 16001]);
    ids.a2 = both.find((r) => r.body.code === 0)!.body.data.fdID;
  });

  it('lists tasks by group and status, newest first, a page at a time', async () => {
    const all = await list();
    expect(all.amount).toBe(3);
    expect(all.data.map((r: { fdID: number }) => r.fdID)).toEqual([ids.a2, ids.b1, ids.a1]);
    expect((await list({ mcEUI: a.mcEUI })).data.map((r: { fdID: number }) => r.fdID)).toEqual([ids.a2, ids.a1]);
    expect((await list({ status: 'waiting' })).amount).toBe(2);
    expect((await list({ status: 'abnormal' })).data.map((r: { fdID: number }) => r.fdID)).toEqual([ids.a1]);
    expect((await list({ status: 'completed' })).amount).toBe(0);
    const page = await list({ pageSize: '1', pageNo: '2' });
    expect(page).toMatchObject({ amount: 3, data: [{ fdID: ids.b1 }] });
    const byName = await list({ orderBy: 'firmwareName', orderType: 'asc' });
    expect(byName.data.map((r: { firmwareName: string }) => r.firmwareName)).toEqual([
      'lamp-fw',
      'meter-fw',
      'meter-fw',
    ]);
    expect((await t.call(admin, 'GET', '/api/fuota/list', { status: 'bogus' })).body.code).toBe(1007);
  });

  it('lists firmware by name and digest, and task devices by device and group', async () => {
    const fw = (await t.call(admin, 'GET', '/api/fuota/firmware/list', { orderBy: 'firmwareName', orderType: 'asc' }))
      .body;
    expect(fw.amount).toBe(2);
    expect(fw.data[0]).toMatchObject({ firmwareName: 'lamp-fw', tasks: 1, deviceNums: 2, payloadSize: 4800 });
    expect(fw.data[1]).toMatchObject({ firmwareName: 'meter-fw', digest: sha(fwA), tasks: 2, deviceNums: 6 });
    const devEUI = members[a.mcEUI]![0]!;
    const one = await devices({ devEUI: devEUI.toUpperCase() });
    expect(one.data.map((d: { fdID: number }) => d.fdID).sort()).toEqual([ids.a1, ids.a2].sort());
    const ofB = await devices({ mcEUI: b.mcEUI });
    expect(ofB.amount).toBe(2);
    expect(ofB.data.every((d: { firmwareName: string }) => d.firmwareName === 'lamp-fw')).toBe(true);
  });

  it('deletes finished tasks with their devices, all or none', async () => {
    const del = (fdIDs: number[]) => t.call(admin, 'POST', '/api/fuota/delete', { fdIDs });
    const running = await del([ids.a1!, ids.b1!]);
    expect(running).toMatchObject({ status: 409, body: { code: 16002, data: { deleted: [] } } });
    expect(running.body.data.failed).toEqual([{ fdID: ids.b1, code: 16002, msg: expect.any(String) }]);
    const unknown = await del([ids.a1!, 999_999]);
    expect(unknown.body).toMatchObject({ code: 16004, data: { failed: [{ fdID: 999_999, code: 16004 }] } });
    expect(await taskCount()).toBe(3);
    expect((await del([ids.a1!])).body).toEqual({ code: 0, data: { deleted: [ids.a1], failed: [] } });
    expect((await info(ids.a1!)).code).toBe(16004);
    const left = await t.services.db.select().from(fuotaDevices).where(eq(fuotaDevices.fdId, ids.a1!));
    expect(left).toEqual([]);
    expect((await devices({ fdID: String(ids.a2) })).amount).toBe(3);
  });

  it('is for admins: a common user gets 1010 everywhere, no token 1003', async () => {
    const q = { fdID: String(ids.a2) };
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['/api/fuota/create', 'POST', { mcEUI: refuse.mcEUI, firmwareName: 'x', payload: dataUrl(image(10, 6)) }],
      ['/api/fuota/list', 'GET', {}],
      ['/api/fuota/info', 'GET', q],
      ['/api/fuota/devices', 'GET', q],
      ['/api/fuota/firmware/list', 'GET', {}],
      ['/api/fuota/abort', 'POST', { fdID: ids.a2 }],
      ['/api/fuota/delete', 'POST', { fdIDs: [ids.a2] }],
    ];
    for (const [url, method, data] of calls) {
      expect((await t.call(common, method, url, data)).body.code, url).toBe(1010);
      expect((await t.call(undefined, method, url, data)).body.code, url).toBe(1003);
    }
    expect((await info(ids.a2!)).data.state).toBe(S.CREATED);
    expect(await taskCount()).toBe(2);
  });
});
