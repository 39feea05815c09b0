import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/**/*.test.ts'],
    environment: 'node' as const,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Every unit, API and component test. The API suite runs on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    // Vitest's default is one worker per CPU less one: a single worker on a 2-CPU machine, while
    // most server tests spend their time waiting on sockets, timers and child processes.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'lorawan',
          include: ['packages/lorawan/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      { test: { name: 'semtech-udp', include: ['packages/semtech-udp/**/*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB: 'postgres' })] : []),
      {
        // Many tools tests start and stop a whole server in their hooks (Vitest's default hook limit is 10 s).
        test: {
          name: 'tools',
          include: ['tools/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/test/setup.ts'],
          css: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
