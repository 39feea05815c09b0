import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { rowsOf } from '../db/rows';
import { gatewayStats } from '../db/schema/dataplane';
import { HistoryWriter } from './writer';

describe('HistoryWriter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.call(await t.login(), 'POST', '/api/gateway/create', {
      gwID: 'aa00000000000001',
      gwName: 'writer',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
    expect(res.body.code).toBe(0);
  });
  afterAll(() => t.close());

  it('loses only a row that cannot be serialised, and keeps writing later batches', async () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 30_000; i++) deep = [deep];
    let lost = 0;
    const w = new HistoryWriter(t.services.db, t.services.log, (n) => {
      lost += n;
    });
    w.add(gatewayStats, { gwId: 'aa00000000000001', createdAt: 1, stat: { ok: 1 } });
    w.add(gatewayStats, { gwId: 'aa00000000000001', createdAt: 2, stat: { deep } });
    await w.flush();
    w.add(gatewayStats, { gwId: 'aa00000000000001', createdAt: 3, stat: { ok: 3 } });
    await w.flush();
    const rows = rowsOf(
      await t.services.db.execute(
        sql`SELECT created_at FROM gateway_stats WHERE gw_id = 'aa00000000000001' ORDER BY 1`,
      ),
    );
    expect(rows.map((r) => Number(r.created_at))).toEqual([1, 3]);
    expect(lost).toBe(1);
  });

  it('keeps a row whose text holds a NUL or a lone surrogate (PostgreSQL stores neither): each becomes U+FFFD', async () => {
    let lost = 0;
    const w = new HistoryWriter(t.services.db, t.services.log, (n) => {
      lost += n;
    });
    const hostile = {
      name: 'ab\u0000cd',
      [`k\u0000`]: ['\u0000'],
      high: '\ud800',
      low: 'x\udc00y',
      pair: '\ud83d\ude00',
      text: 'a \\u0000 stays text',
    };
    w.add(gatewayStats, { gwId: 'aa00000000000001', createdAt: 10, stat: hostile });
    w.add(gatewayStats, { gwId: 'aa00000000000001', createdAt: 11, stat: { ok: 11 } });
    await w.flush();
    const rows = rowsOf(
      await t.services.db.execute(
        sql`SELECT created_at, stat FROM gateway_stats WHERE gw_id = 'aa00000000000001' AND created_at >= 10 ORDER BY 1`,
      ),
    );
    expect(lost).toBe(0);
    expect(rows.map((r) => Number(r.created_at))).toEqual([10, 11]);
    expect(rows[0]!.stat).toEqual({
      name: 'ab\ufffdcd',
      'k\ufffd': ['\ufffd'],
      high: '\ufffd',
      low: 'x\ufffdy',
      pair: '\ud83d\ude00',
      text: 'a \\u0000 stays text',
    });
  });
});
