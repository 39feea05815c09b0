import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../../e2e/server';
import { onPostgres } from '../test/harness';
import { until } from '../test/server-process';

// These start real processes; once (on the PGlite run) is enough.
describe.skipIf(onPostgres)('the server process as `npm start` runs it', () => {
  it('serves the API, creates the admin, keeps data across a restart and stops on SIGTERM', async () => {
    const first = await startServer({ LOGIN_CAPTCHA: 'false', LOG_LEVEL: 'info' });
    try {
      const version = await (await fetch(`${first.url}/api/version`)).json();
      expect(version.data.version).toBeTruthy();
      const password = fs.readFileSync(path.join(first.dataDir, 'initial-admin-password'), 'utf8').trim();
      expect(fs.statSync(path.join(first.dataDir, 'initial-admin-password')).mode & 0o777).toBe(0o600);
      expect(first.output()).toContain(password);
      expect(first.output()).toContain('account menu → Change password');
      // HTTP answers first; the gateway links start right after it.
      for (const line of [
        `Semtech UDP gateway bridge listening on port ${first.udpPort}`,
        `embedded MQTT broker listening on port ${first.mqttPort}`,
      ]) {
        await until(async () => (first.output().includes(line) ? true : undefined), 30_000).catch(() => {
          throw new Error(`no "${line}" in:\n${first.output()}`);
        });
      }
      const login = await (
        await fetch(`${first.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'admin', password }),
        })
      ).json();
      expect(login.code).toBe(0);
      const created = await (
        await fetch(`${first.url}/api/user/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': login.token },
          body: JSON.stringify({ name: 'persisted', password: 'kept-across-restart', admin: 0 }),
        })
      ).json();
      expect(created.code).toBe(0);
      // Requests are logged one line each at debug only (a summary comes at info every few minutes).
      expect(first.output()).not.toMatch(/incoming request|request completed/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startServer({
      LOGIN_CAPTCHA: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: first.dataDir,
      ADMIN_PASSWORD: 'another-strong-pass-9',
    });
    try {
      const login = await (
        await fetch(`${second.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'persisted', password: 'kept-across-restart' }),
        })
      ).json();
      expect(login.code).toBe(0);
      expect(second.output()).toContain('LOGIN_CAPTCHA=false');
      expect(second.output()).toContain('ADMIN_PASSWORD is ignored');
    } finally {
      await second.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a port already in use gives a one-line error naming PORT, before any data is written', async () => {
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-busy-'));
    try {
      await expect(startServer({ PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir })).rejects.toThrow(
        `PORT ${port} is already in use; set PORT to a free port`,
      );
      // No admin was created and no password printed or stored for a server that never ran.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a bad variable gives a one-line error naming it', async () => {
    await expect(startServer({ UDP_PORT: 'abc' })).rejects.toThrow(/invalid UDP_PORT="abc"/);
  }, 60_000);
});
