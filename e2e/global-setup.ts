import type { FullConfig } from '@playwright/test';
import { startServer } from './server';

export const E2E_ADMIN_PASSWORD = 'e2e-lantern-pass';

/** One real server for all journeys; the captcha stays on (journeys drag the real slider). */
export default async function globalSetup(_config: FullConfig) {
  // Multicast sessions start 2 s after their request (30 s by default) so the journey need not wait.
  const server = await startServer({ ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, LOG_LEVEL: 'warn', MC_SESSION_LEAD_S: '2' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_UDP_PORT = String(server.udpPort);
  process.env.E2E_MQTT_PORT = String(server.mqttPort);
  return async () => {
    await server.stop();
  };
}
