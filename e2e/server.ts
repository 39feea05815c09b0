import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface StartedServer {
  url: string;
  port: number;
  udpPort: number;
  mqttPort: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Start the server the way `npm start` does (scripts/start.mjs), on free ports and a fresh data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const udpPort = await freePort();
  const mqttPort = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lns-e2e-'));
  // A server that never ran leaves no directory of ours behind (one it was given is the caller's).
  const fail = (message: string) => {
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  let log = '';
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      UDP_PORT: String(udpPort),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw fail(`server exited (${proc.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/version`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw fail(`server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    udpPort,
    mqttPort,
    dataDir,
    proc,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}
