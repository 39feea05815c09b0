import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedGateway } from '../../../test/stream-fixtures';

describe('gateway history exports', () => {
  let t: TestApp;
  let token: string;
  let gwID: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.userWithToken('gw-exporter');
    token = user.token;
    gwID = await seedGateway(t.services.db, user.userID);
    const now = Date.now();
    await t.services.database.exec(
      `INSERT INTO gateway_connections (gw_id, created_at, online, mqtt) VALUES ('${gwID}', ${now - 1000}, true, false);
       INSERT INTO gateway_stats (gw_id, created_at, stat) VALUES ('${gwID}', ${now - 1000}, '{"rxnb": 3, "rxok": 2}');`,
    );
  });
  afterAll(() => t.close());

  const sheetOf = async (path: string, lang: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${path}?gwID=${gwID}`,
      headers: { 'x-access-token': token, 'accept-language': lang },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const name = book.SheetNames[0]!;
    return { name, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }) };
  };

  it('writes the link history in the language the request asks for', async () => {
    const zh = await sheetOf('/api/gwconnection/excel', 'zh-CN');
    expect(zh.name).toBe('连接历史');
    expect(zh.rows[0]).toEqual(['网关 ID', '时间', '状态', '链路']);
    expect(zh.rows[1]).toEqual([gwID, expect.anything(), '在线', 'PFUDP']);
    const en = await sheetOf('/api/gwconnection/excel', 'en-US');
    expect(en.name).toBe('Link history');
    expect(en.rows[0]).toEqual(['Gateway ID', 'Time', 'State', 'Link']);
    expect(en.rows[1]?.[2]).toBe('online');
  });

  it('writes the status reports with a header that says what each field is', async () => {
    const zh = await sheetOf('/api/gwstats/excel', 'zh-CN');
    expect(zh.name).toBe('状态报告');
    expect(zh.rows[0]?.slice(0, 4)).toEqual(['网关 ID', '时间', '接收包数 (rxnb)', 'CRC 正确包数 (rxok)']);
    expect(zh.rows[1]?.slice(2, 4)).toEqual([3, 2]);
  });
});
