import type { CaptchaChallenge, LoginResult } from '@lns/contract/auth';
import { LOGIN_PATH } from '@lns/contract/auth';
import { http, request } from '../../lib/http';

export const fetchLoginOptions = () =>
  http.get<{ captcha: boolean }>('/api/login/options', undefined, { silent: true }).catch(() => ({ captcha: true }));

export const fetchCaptcha = () => http.get<CaptchaChallenge>('/api/captcha');

/** Silent: a wrong slide is shown on the slider itself, not as a toast. */
export const checkCaptcha = (body: { id: string; x: number; track: [number, number, number][] }) =>
  http.post<{ ticket: string }>('/api/captcha/check', body, { silent: true });

export const login = (body: { name: string; password: string; digest?: string; timeStamp: number }) =>
  request<never>('POST', LOGIN_PATH, { body }).then((e) => e as unknown as LoginResult);
