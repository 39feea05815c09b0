import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('device export', () => {
  let t: TestApp;
  let token: string;
  let appID: number;
  const euis = [otaaDevice(1).devEUI, abpDevice(2).devEUI];
  const t0 = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.userWithToken('exporter')).token;
    appID = (await t.call(token, 'POST', '/api/application/create', { appName: 'exp' })).body.data.appID;
    const tag = (await t.call(token, 'POST', '/api/device/tags/create', { tags: ['hall'], groupName: 'g' })).body.data
      .tags[0].tagId;
    await t.call(token, 'POST', '/api/device/create', { appID, ...otaaDevice(1), tagsId: [tag], remarks: 'first' });
    await t.call(token, 'POST', '/api/device/create', { appID, ...abpDevice(2), fCntUp: 12 });
    await t.services.database.exec(
      `INSERT INTO device_signal (dev_eui, created_at, rssi, snr, gw_id) VALUES
       ('${euis[0]}', ${t0}, -70, 9, 'aa555a0000000001'), ('${euis[1]}', ${t0 + 60_000}, -110, -12.5, NULL),
       ('${euis[1]}', ${t0 - 86_400_000}, -99, 1, NULL)`,
    );
  });
  afterAll(() => t.close());

  const exportXlsx = (body: Record<string, unknown>, tk = token, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/excel',
      headers: { 'x-access-token': tk, 'accept-language': lang },
      payload: body,
    });

  it('answers a real .xlsx with the chosen fields and the signal records in the range', async () => {
    const res = await exportXlsx({
      devEUIs: [euis[1], euis[0]],
      fields: ['devEUI', 'devName', 'devAddr', 'fCntUp', 'tags', 'remarks', 'createtime'],
      startTime: t0 - 1000,
      endTime: t0 + 3_600_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="devices-\d+\.xlsx"/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: true });
    expect(book.SheetNames).toEqual(['Devices', 'Signal']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Devices!, { defval: '' });
    expect(Object.keys(rows[0]!)).toEqual([
      'DevEUI',
      'Device name',
      'DevAddr',
      'Uplink frame counter',
      'Tags',
      'Remarks',
      'Created',
    ]);
    expect(rows).toMatchObject([
      { DevEUI: euis[1], 'Device name': 'dev-000002', DevAddr: '26000002', 'Uplink frame counter': 12, Tags: '' },
      { DevEUI: euis[0], 'Device name': 'dev-000001', DevAddr: '', 'Uplink frame counter': 0, Tags: 'hall' },
    ]);
    expect(rows[1]!.Remarks).toBe('first');
    expect(rows[0]!.Created).toBeInstanceOf(Date);
    const signal = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Signal!);
    expect(signal).toHaveLength(2);
    expect(signal[0]).toMatchObject({ DevEUI: euis[0], RSSI: -70, SNR: 9, 'Gateway ID': 'aa555a0000000001' });
    expect(Math.abs((signal[0]!.Time as Date).getTime() - t0)).toBeLessThan(1000);
    expect(signal[1]).toMatchObject({ DevEUI: euis[1], RSSI: -110, SNR: -12.5 });
  });

  it('writes headers and sheet names in the language the request asks for', async () => {
    const res = await exportXlsx(
      { devEUIs: [euis[0]], fields: ['devEUI', 'devName', 'lastSeen'], startTime: t0 - 1000, endTime: t0 + 1000 },
      token,
      'zh-CN,zh;q=0.9',
    );
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['设备', '信号']);
    const head = (sheet: string) => XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet]!, { header: 1 })[0];
    expect(head('设备')).toEqual(['DevEUI', '设备名称', '最后通信']);
    expect(head('信号')).toEqual(['DevEUI', '时间', 'RSSI', 'SNR', '网关 ID']);
  });

  it('exports every device of an application when no devEUIs are given', async () => {
    const res = await exportXlsx({ appID, fields: ['devEUI'], startTime: 0, endTime: 1000 });
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets.Devices!)).toHaveLength(2);
  });

  it.each([
    [{ devEUIs: ['70b3d50000000001'], fields: [], startTime: 0, endTime: 1 }, 1007, 'fields'],
    [{ devEUIs: ['70b3d50000000001'], fields: ['appKey'], startTime: 0, endTime: 1 }, 1007, 'fields.0'],
    [{ devEUIs: ['70b3d50000000001'], fields: ['devEUI'], startTime: 10, endTime: 1 }, 1007, 'endTime'],
    [{ devEUIs: ['70b3d50000000001'], fields: ['devEUI'], startTime: 0, endTime: 40 * 86_400_000 }, 1007, 'endTime'],
    [{ fields: ['devEUI'], startTime: 0, endTime: 1 }, 1006, 'devEUIs'],
    [{ devEUIs: ['70b3d50000000001'], fields: ['devEUI'], endTime: 1 }, 1006, 'startTime'],
  ])('refuses %j with %i naming %s', async (body, code, field) => {
    const res = await exportXlsx(body);
    expect(res.json()).toMatchObject({ code, field });
  });

  it("refuses another user's devices and applications", async () => {
    const other = (await t.userWithToken('other-exporter')).token;
    const byEui = await exportXlsx({ devEUIs: [euis[0]], fields: ['devEUI'], startTime: 0, endTime: 1 }, other);
    expect(byEui.json()).toMatchObject({ code: 4001, field: 'devEUIs' });
    const byApp = await exportXlsx({ appID, fields: ['devEUI'], startTime: 0, endTime: 1 }, other);
    expect(byApp.json()).toMatchObject({ code: 3001 });
  });
});
