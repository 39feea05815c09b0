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
import { authRoutes } from './auth-routes';

const tags = ['session'] as const;

/** Signing in and out, and who is signed in. */
export const authApi = {
  captcha: endpoint({
    ...authRoutes.captcha,
    access: 'public',
    tags,
    summary: 'A new slide-puzzle challenge',
    response: envelopeOf(captchaChallenge),
  }),
  checkCaptcha: endpoint({
    ...authRoutes.checkCaptcha,
    access: 'public',
    tags,
    summary: "Check the slider's x; a pass returns a single-use login ticket (2 minutes)",
    body: captchaCheckBody,
    bodyLimit: CAPTCHA_CHECK_BODY_MAX,
    response: envelopeOf(captchaCheckResult),
  }),
  /** Answers the session fields beside `code`, not in `data`; the audit log records its failures. */
  login: endpoint({
    ...authRoutes.login,
    access: 'public',
    tags,
    summary: 'Sign in with name, password and the captcha ticket as digest',
    body: loginBody,
    response: loginResult,
  }),
  logout: endpoint({
    ...authRoutes.logout,
    access: 'user',
    tags,
    summary: 'Revoke the current session token',
    response: okEnvelope,
  }),
  info: endpoint({
    ...authRoutes.info,
    access: 'user',
    tags,
    summary: 'The signed-in user, its access list and license state',
    response: envelopeOf(userInfo),
  }),
  loginOptions: endpoint({
    ...authRoutes.loginOptions,
    access: 'public',
    tags,
    summary: 'Whether the login page must show the captcha',
    response: envelopeOf(loginOptions),
  }),
};
