import type { CaptchaCheckBody, LoginBody } from '@lns/contract/auth';
import { api } from '../../lib/api';
import { authRoutes } from '../../lib/authRoutes';

/** Without an answer the login page shows the captcha: the safe side. */
export const fetchLoginOptions = () =>
  api.data(authRoutes.loginOptions, undefined, { silent: true }).catch(() => ({ captcha: true }));

export const fetchCaptcha = () => api.data(authRoutes.captcha, undefined);

/** Silent: a wrong slide is shown on the slider itself, not as a toast. */
export const checkCaptcha = (body: CaptchaCheckBody) => api.data(authRoutes.checkCaptcha, body, { silent: true });

/** The session fields come beside `code`, so the whole answer is the result. */
export const login = (body: LoginBody) => api.envelope(authRoutes.login, body);
