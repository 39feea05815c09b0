import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { oneCellRows, sheetXml, xlsxOf, zipBomb } from '../../../test/hostile-sheets';

const HEADER = [
  'gwID*',
  'gwName*',
  'gwType*',
  'region*',
  'subnet*',
  'txPower*',
  'remarks',
  'mapType',
  'longitude',
  'latitude',
];

function xlsx(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'gateways');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

function multipart(filename: string, content: Buffer) {
  const boundary = `----lns${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('gateway Excel import', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.userWithToken('importer')).token;
  });
  afterAll(() => t.close());

  async function upload(filename: string, content: Buffer, tok = token, url = '/api/gateway/excel') {
    const { payload, headers } = multipart(filename, content);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'x-access-token': tok },
    });
    return { status: res.statusCode, body: res.json() };
  }
  const count = async () => (await t.call(token, 'GET', '/api/gateway/list')).body.amount;

  it('imports every row of a good .xlsx and .xls file', async () => {
    const good = await upload(
      'gateways.xlsx',
      xlsx([
        HEADER,
        ['a000000000000001', 'imp-1', 'rhf2s027', 'eu868', 'eu868-default', 0, 'first', 'google', 2.35, 48.85],
        [],
        ['A0-00-00-00-00-00-00-02', 'imp-2', 'RHF2S001', 'us915', 'us915-2', 27],
        ['a000000000000003', 'imp-pico', 'rhf2sp01', 'cn470alid', 'pico-net', 5],
      ]),
    );
    expect(good.body).toMatchObject({ code: 0, data: { created: 3, dryRun: false } });
    expect(await count()).toBe(3);
    const pico = await t.call(token, 'GET', '/api/gateway/status/info', { gwID: 'a000000000000003' });
    expect(pico.body.data.extendedAttr.publicChannel).toEqual({ ch: 8, dr: 2 });
    const first = await t.call(token, 'GET', '/api/gateway/status/info', { gwID: 'a000000000000001' });
    expect(first.body.data).toMatchObject({ mapType: 'google', latitude: 48.85, remarks: 'first' });
    const xls = await upload(
      'old.xls',
      xlsx([HEADER, ['a000000000000004', 'imp-4', 'generic', 'kr920', 'kr920-default', 1]], 'biff8'),
    );
    if (xls.body.code !== 0) {
      // kr920's subnet id comes from the catalogue; fall back to the first one it lists
      const subnet = (await t.call(token, 'GET', '/api/subnet/gateway')).body.data.find(
        (r: any) => r.region === 'kr920',
      ).subnets[0].subnet;
      const retry = await upload(
        'old.xls',
        xlsx([HEADER, ['a000000000000004', 'imp-4', 'generic', 'kr920', subnet, 1]], 'biff8'),
      );
      expect(retry.body.code).toBe(0);
    }
    expect(await count()).toBe(4);
  });

  it('refuses a file with bad rows as a whole, naming each row', async () => {
    const before = await count();
    const res = await upload(
      'bad.xlsx',
      xlsx([
        HEADER,
        ['b000000000000001', 'ok-row', 'generic', 'eu868', 'eu868-default', 0],
        ['b000000000000002', '', 'generic', 'eu868', 'eu868-default', 0],
        ['b000000000000003', 'too-strong', 'generic', 'eu868', 'eu868-default', 30],
        ['b000000000000001', 'dup-id', 'generic', 'eu868', 'eu868-default', 0],
        ['a000000000000001', 'exists', 'generic', 'eu868', 'eu868-default', 0],
        ['b000000000000006', 'no-type', 'nope', 'eu868', 'eu868-default', 0],
        ['b000000000000007', 'bad-subnet', 'generic', 'eu868', 'us915-1', 0],
        ['b000000000000008', 'imp-1', 'generic', 'eu868', 'eu868-default', 0],
        [1234567890123456, 'numeric-id', 'generic', 'eu868', 'eu868-default', 0],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1006);
    const errors = res.body.data.rows
      .filter((r: any) => r.errors.length)
      .flatMap((r: any) => r.errors.map((e: any) => [r.row, e.field, e.code, e.problem, e.params]));
    expect(errors).toEqual([
      [3, 'gwName', 1006, 'gwNameEmpty', undefined],
      [4, 'txPower', 1007, 'maxValue', { max: 27 }],
      [5, 'gwID', 5002, 'duplicateOfRow', { row: 2 }],
      [6, 'gwID', 5003, 'byCode', undefined],
      [7, 'gwType', 7001, 'byCode', undefined],
      [8, 'subnet', 1017, 'byCode', undefined],
      [9, 'gwName', 5004, 'byCode', undefined],
      [10, 'gwID', 1007, 'byCode', undefined],
    ]);
    // Every row is in the report, the good one with no problems; no English prose anywhere.
    expect(res.body.data.rows).toHaveLength(9);
    expect(res.body.data.rows[0]).toMatchObject({ row: 2, id: 'b000000000000001', name: 'ok-row', errors: [] });
    expect(JSON.stringify(res.body.data)).not.toMatch(/Too big|expected|same as/);
    expect(await count()).toBe(before);
  });

  it('checks a file without writing: every row with all its problems, duplicates naming the first row', async () => {
    const before = await count();
    const file = xlsx([
      HEADER,
      ['d000000000000001', 'dry-1', 'generic', 'eu868', 'eu868-default', 0],
      ['d00000000000000z', '', 'generic', 'eu868', 'eu868-default', 99, 'r'.repeat(51)],
      ['d000000000000001', 'dry-1', 'generic', 'eu868', 'eu868-default', 0],
    ]);
    const res = await upload('dry.xlsx', file, token, '/api/gateway/excel/check');
    expect(res.body).toMatchObject({ code: 0, data: { dryRun: true, created: 0 } });
    const [good, bad, dup] = res.body.data.rows;
    expect(good).toMatchObject({ row: 2, errors: [] });
    expect(bad.errors.map((e: any) => [e.field, e.problem])).toEqual([
      ['gwID', 'hex16'],
      ['gwName', 'gwNameEmpty'],
      ['txPower', 'maxValue'],
      ['remarks', 'maxLength'],
    ]);
    expect(dup.errors).toEqual([
      { code: 5002, field: 'gwID', problem: 'duplicateOfRow', params: { row: 2 } },
      { code: 5002, field: 'gwName', problem: 'duplicateOfRow', params: { row: 2 } },
    ]);
    expect(await count()).toBe(before);
    // A clean file checks clean and still writes nothing until imported.
    const clean = xlsx([HEADER, ['d000000000000002', 'dry-2', 'generic', 'eu868', 'eu868-default', 0]]);
    const checked = await upload('clean.xlsx', clean, token, '/api/gateway/excel/check');
    expect(checked.body.data.rows[0].errors).toEqual([]);
    expect(await count()).toBe(before);
    expect((await upload('clean.xlsx', clean)).body).toMatchObject({ code: 0, data: { created: 1 } });
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('refuses a non-Excel file, a file over 1 MB, a sheet without the columns and a request without a file', async () => {
    expect((await upload('gateways.csv', Buffer.from('gwID,gwName\n'))).body).toMatchObject({
      code: 1007,
      field: 'file',
    });
    const big = await upload('big.xlsx', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 6102, field: 'file' });
    expect(big.body.msg).toContain('1 MiB');
    expect((await upload('junk.xlsx', Buffer.from('not a spreadsheet at all'))).body).toMatchObject({
      code: 1007,
      field: 'file',
    });
    expect((await upload('cols.xlsx', xlsx([['name'], ['x']]))).body).toMatchObject({ code: 1007, field: 'file' });
    expect((await upload('empty.xlsx', xlsx([HEADER]))).body).toMatchObject({ code: 1006, field: 'file' });
    expect((await t.call(token, 'POST', '/api/gateway/excel', { file: 'x' })).body).toMatchObject({
      code: 1006,
      field: 'file',
    });
  });

  it('refuses hostile spreadsheets within the limits, imports nothing and keeps answering', async () => {
    const before = await count();
    const million = '<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>';
    const parts = Array.from({ length: 5000 }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: Buffer.alloc(0) }));
    const hostile: [string, Buffer, string][] = [
      ['xfd.xlsx', xlsxOf({ data: sheetXml('A1:XFD30000', oneCellRows(30_000, 'XFD')) }), '5001 rows'],
      ['xfd-undeclared.xlsx', xlsxOf({ data: sheetXml('A1:A1', oneCellRows(30_000, 'XFD')) }), '5001 rows'],
      ['bomb.xlsx', zipBomb(500), '24 MiB once unzipped'],
      ['bomb-lying.xlsx', zipBomb(500, 4096), '24 MiB once unzipped'],
      ['parts.xlsx', xlsxOf({ data: sheetXml('A1', '') }, parts), '100 parts'],
      ['million.xlsx', xlsxOf({ data: sheetXml('A1:N1048576', million) }), '5001 rows'],
    ];
    for (const [name, file, limit] of hostile) {
      expect(file.length, name).toBeLessThan(1024 * 1024);
      const res = await upload(name, file);
      expect(res.status, name).toBe(413);
      expect(res.body, name).toMatchObject({ code: 6102, field: 'file' });
      expect(res.body.msg, name).toContain(limit);
    }
    expect(await count()).toBe(before);
    const after = await upload(
      'after.xlsx',
      xlsx([HEADER, ['c000000000000001', 'after', 'generic', 'eu868', 'eu868-default', 0]]),
    );
    expect(after.body).toMatchObject({ code: 0, data: { created: 1 } });
  });

  it('serves the template in the caller language, and the import reads either language', async () => {
    const template = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/gateway/excel/template',
        headers: { 'x-access-token': token, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
      return { file: res.rawPayload, header: rows[0] as string[] };
    };
    const en = await template('en-US');
    expect(en.header.slice(0, 6)).toEqual([
      'Gateway ID*',
      'Gateway name*',
      'Gateway type*',
      'Region*',
      'Subnet*',
      'Tx power*',
    ]);
    expect(en.header).toContain('Remarks');
    const zh = await template('zh-CN');
    expect(zh.header.slice(0, 2)).toEqual(['网关 ID*', '网关名称*']);
    expect((await upload('template.xlsx', en.file)).body).toMatchObject({ code: 0, data: { created: 1 } });
    const zhRow = ['e000000000000001', 'zh-1', 'generic', 'eu868', 'eu868-default', 0];
    const back = await upload('zh.xlsx', xlsx([zh.header, zhRow]));
    expect(back.body).toMatchObject({ code: 0, data: { created: 1 } });
  });
});
