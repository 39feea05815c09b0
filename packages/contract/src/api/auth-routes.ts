import type { Route } from '../route';

/**
 * Method and path of the session endpoints (auth.ts declares them with their schemas). Free of
 * zod: the console's login page and route guard call these before anything else is loaded.
 */
export const authRoutes = {
  captcha: { method: 'GET', path: '/api/captcha' },
  checkCaptcha: { method: 'POST', path: '/api/captcha/check' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'POST', path: '/api/logout' },
  info: { method: 'GET', path: '/api/user/info' },
  loginOptions: { method: 'GET', path: '/api/login/options' },
} as const satisfies Record<string, Route>;
