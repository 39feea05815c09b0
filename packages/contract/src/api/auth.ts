import {
  CAPTCHA_CHECK_BODY_MAX,
  captchaChallenge,
  captchaCheckBody,
  captchaCheckResult,
  loginBody,
  loginOptions,
  loginResult,
  userInfo,
} from '../auth';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf } from '../envelope';

const tags = ['session'] as const;

/** Signing in and out, and who is signed in. */
export const authApi = {
  captcha: endpoint({
    method: 'GET',
    path: '/api/captcha',
    access: 'public',
    tags,
    summary: 'A new slide-puzzle challenge',
    response: envelopeOf(captchaChallenge),
  }),
  checkCaptcha: endpoint({
    method: 'POST',
    path: '/api/captcha/check',
    access: 'public',
    tags,
    summary: "Check the slider's x; a pass returns a single-use login ticket (2 minutes)",
    body: captchaCheckBody,
    bodyLimit: CAPTCHA_CHECK_BODY_MAX,
    response: envelopeOf(captchaCheckResult),
  }),
  /** Answers the session fields beside `code`, not in `data`; the audit log records its failures. */
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    tags,
    summary: 'Sign in with name, password and the captcha ticket as digest',
    body: loginBody,
    response: loginResult,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'user',
    tags,
    summary: 'Revoke the current session token',
    response: okEnvelope,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/user/info',
    access: 'user',
    tags,
    summary: 'The signed-in user, its access list and license state',
    response: envelopeOf(userInfo),
  }),
  loginOptions: endpoint({
    method: 'GET',
    path: '/api/login/options',
    access: 'public',
    tags,
    summary: 'Whether the login page must show the captcha',
    response: envelopeOf(loginOptions),
  }),
};
