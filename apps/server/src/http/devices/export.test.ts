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

  const exportXlsx = (body: Record<string, unknown>, tk = token) =>
    t.app.inject({ method: 'POST', url: '/api/device/excel', headers: { 'x-access-token': tk }, payload: body });

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
    expect(book.SheetNames).toEqual(['devices', 'signal']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.devices!, { defval: '' });
    expect(Object.keys(rows[0]!)).toEqual(['devEUI', 'devName', 'devAddr', 'fCntUp', 'tags', 'remarks', 'createtime']);
    expect(rows).toMatchObject([
      { devEUI: euis[1], devName: 'dev-000002', devAddr: '26000002', fCntUp: 12, tags: '', remarks: '' },
      { devEUI: euis[0], devName: 'dev-000001', devAddr: '', fCntUp: 0, tags: 'hall', remarks: 'first' },
    ]);
    expect(rows[0]!.createtime).toBeInstanceOf(Date);
    const signal = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.signal!);
    expect(signal).toHaveLength(2);
    expect(signal[0]).toMatchObject({ devEUI: euis[0], rssi: -70, snr: 9, gwID: 'aa555a0000000001' });
    expect(Math.abs((signal[0]!.time as Date).getTime() - t0)).toBeLessThan(1000);
    expect(signal[1]).toMatchObject({ devEUI: euis[1], rssi: -110, snr: -12.5 });
  });

  it('exports every device of an application when no devEUIs are given', async () => {
    const res = await exportXlsx({ appID, fields: ['devEUI'], startTime: 0, endTime: 1000 });
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets.devices!)).toHaveLength(2);
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
