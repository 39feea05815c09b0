import { setTimeout as sleep } from 'node:timers/promises';
import { API } from '@lns/contract/api/index';
import { PLATFORM_CONFIG_DEFAULTS, type PlatformConfig } from '@lns/contract/platform';
import { STREAM_CLOSE } from '@lns/contract/streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness';
import { client, closedWith, listen } from '../../../test/stream-client';
import { seedGateway } from '../../../test/stream-fixtures';
import { topics } from '../../bus/bus';
import { writeDataSettings } from '../../ns/settings';

/**
 * Two instances sharing Redis: a configuration saved through one applies on the other at once
 * (well inside the settings cache's 5 s), live streams there included.
 */
describe('platform configuration across two instances', () => {
  const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
  let a: TestApp;
  let b: TestApp;
  let adminA: string;
  let adminB: string;

  beforeAll(async () => {
    a = await createTestApp(env);
    // On PostgreSQL both share one database, as a cluster does; PGlite cannot be shared, see below.
    b = await createTestApp(env, onPostgres ? { shareDatabaseOf: a } : {});
    [adminA, adminB] = await Promise.all([a.login(), b.login()]);
    await b.services.bus.ready(topics.settingsChanged);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Saves through A; with PGlite each instance has its own database, so B's rows are written behind its back (its cache is not told). */
  const saveOnA = async (patch: Partial<PlatformConfig>) => {
    const body = { ...PLATFORM_CONFIG_DEFAULTS, ...patch };
    if (!onPostgres) await writeDataSettings(b.services.db, body);
    expect((await a.call(adminA, 'POST', API.platform.updateConfig.path, body)).body.code).toBe(0);
  };
  /** B's cached switches once they match, polling for at most 2 s (its cache alone would take 5 s). */
  const seenOnB = async (want: Partial<PlatformConfig>) => {
    const settings = b.services.dataPlane.settings;
    for (let i = 0; i < 100; i++) {
      const v = settings.get();
      if (Object.entries(want).every(([k, x]) => v[k as keyof PlatformConfig] === x)) return v;
      await sleep(20);
    }
    return settings.get();
  };

  it('a switch changed through one instance applies on the other, and its live streams close', async () => {
    const gwID = await seedGateway(b.services.db, 1);
    await b.services.dataPlane.settings.refresh();
    expect(b.services.dataPlane.settings.get().enableDevAppData).toBe(true);

    const base = await listen(b);
    const stream = await client(`${base}/ws/gateway?gwID=${gwID}`, adminB);
    const closed = closedWith(stream);

    await saveOnA({ enableDevAppData: false, enableWebsocket: false, dataExpireDay: 3 });
    expect(await seenOnB({ enableDevAppData: false, enableWebsocket: false, dataExpireDay: 3 })).toMatchObject({
      enableDevAppData: false,
      enableWebsocket: false,
      dataExpireDay: 3,
    });
    expect(await closed).toBe(STREAM_CLOSE.DISABLED);

    await saveOnA({});
    expect(await seenOnB({ enableDevAppData: true, enableWebsocket: true })).toEqual(PLATFORM_CONFIG_DEFAULTS);
    const again = await client(`${base}/ws/gateway?gwID=${gwID}`, adminB);
    again.ws.close();
  });
});
