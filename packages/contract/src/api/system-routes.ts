import type { Route } from '../route';

/**
 * Method and path of the system endpoints (system.ts declares them with their schemas). Free of
 * zod: the login page reads the web configuration (logo, favicon) before sign-in.
 */
export const systemRoutes = {
  version: { method: 'GET', path: '/api/version' },
  webConfig: { method: 'GET', path: '/api/webConfig' },
} as const satisfies Record<string, Route>;
