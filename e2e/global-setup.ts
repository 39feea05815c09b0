import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startServer } from './server';

const RESULTS = new URL('../test-results', import.meta.url).pathname;

export const E2E_ADMIN_PASSWORD = 'e2e-lantern-pass';

/** One real server for all journeys; the captcha stays on (journeys drag the real slider). */
export default async function globalSetup(_config: FullConfig) {
  // Multicast sessions start 2 s after their request (30 s by default) so the journey need not wait;
  // FUOTA fragments leave 20 ms apart (air-time pacing by default) and a step waits at most 60 s
  // for answers (600 s), so a transfer takes seconds.
  const server = await startServer({
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    MC_SESSION_LEAD_S: '2',
    FUOTA_FRAGMENT_INTERVAL_MS: '20',
    FUOTA_ANSWER_WAIT_S: '60',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_UDP_PORT = String(server.udpPort);
  process.env.E2E_MQTT_PORT = String(server.mqttPort);
  return async () => {
    await server.stop();
    // The server's warnings and errors, beside the journeys' traces (a failed run keeps them).
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, 'server.log'), server.output());
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
