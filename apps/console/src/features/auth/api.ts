import { authApi } from '@lns/contract/api/auth';
import type { CaptchaCheckBody, LoginBody } from '@lns/contract/auth';
import { api } from '../../lib/api';

/** Without an answer the login page shows the captcha: the safe side. */
export const fetchLoginOptions = () =>
  api.data(authApi.loginOptions, undefined, { silent: true }).catch(() => ({ captcha: true }));

export const fetchCaptcha = () => api.data(authApi.captcha, undefined);

/** Silent: a wrong slide is shown on the slider itself, not as a toast. */
export const checkCaptcha = (body: CaptchaCheckBody) => api.data(authApi.checkCaptcha, body, { silent: true });

/** The session fields come beside `code`, so the whole answer is the result. */
export const login = (body: LoginBody) => api.envelope(authApi.login, body);
