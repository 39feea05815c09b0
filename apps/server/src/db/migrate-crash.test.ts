import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess } from '../../test/server-process';
import { migrationFiles } from './migrate';

describe('first start killed while it creates the schema', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('is completed by the next start, whatever point kill -9 hit', async () => {
    const s = await serverProcess();
    cleanups.push(() => s.cleanup());
    // Points spread over process start, database open, the migrations and the admin bootstrap
    // (a first start takes about 4-8 s here, the migrations in its second half).
    for (const ms of [1500, 2500, 3500, 4200, 4900, 5600, 6300, 7000]) {
      s.spawn();
      await sleep(ms);
      await s.kill9();
    }
    await s.boot(); // signs in as the bootstrap admin: schema and admin are complete
    const users = await s.api('GET', '/api/user/list?pageNo=1&pageSize=50');
    expect(users.code).toBe(0);
    expect(users.data.map((u: { name: string }) => u.name)).toContain('admin');
    const apps = await s.api('GET', '/api/application/list?pageNo=1&pageSize=50');
    expect(apps.code).toBe(0);
    expect(migrationFiles().length).toBeGreaterThan(0);
  }, 300_000);
});
