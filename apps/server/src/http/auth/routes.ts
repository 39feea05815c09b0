import {
  accessOf,
  captchaChallenge,
  captchaCheckBody,
  captchaCheckResult,
  LOGIN_PATH,
  loginBody,
  userInfo,
} from '@lns/contract/auth';
import { C } from '@lns/contract/codes';
import { envelopeOf } from '@lns/contract/envelope';
import { BODY_LIMITS } from '@lns/contract/request-limits';
import { z } from 'zod';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { attemptKeys, throttled } from '../../auth/throttle';
import { type AuthRevoked, localTopics } from '../../bus/bus';
import { DomainError } from '../../errors';
import { ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['session'];

export const authRoutes: RouteModule = (app, s) => {
  app.get(
    '/api/captcha',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'A new slide-puzzle challenge', response: { 200: envelopeOf(captchaChallenge) } },
    },
    async () => ok(await s.captcha.issue()),
  );

  app.post(
    '/api/captcha/check',
    {
      bodyLimit: BODY_LIMITS.captchaCheck,
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Check the slider's x; a pass returns a single-use login ticket (2 minutes)",
        body: captchaCheckBody,
        response: { 200: envelopeOf(captchaCheckResult) },
      },
    },
    async (req) => {
      const ticket = await s.captcha.check(req.body.id, req.body.x, req.body.track);
      if (!ticket) throw new DomainError(C.PARAM_FORMAT, 'captcha not passed', 'x');
      return ok({ ticket });
    },
  );

  app.post(
    LOGIN_PATH,
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in with name, password and the captcha ticket as digest', body: loginBody },
    },
    async (req, reply) => {
      const { name, password, digest } = req.body;
      // The captcha first: a throttled client learns nothing without solving it.
      if (s.config.LOGIN_CAPTCHA && !(await s.captcha.redeem(digest))) {
        throw new DomainError(C.PARAM_FORMAT, 'captcha ticket missing, used or expired', 'digest');
      }
      // The slot is taken before the password is checked, so parallel guesses cannot all be checked.
      const keys = attemptKeys(name, req.ip);
      const wait = await s.throttle.begin(keys);
      if (wait > 0) throw throttled(reply, wait);
      const user = await s.users.byName(name);
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) throw new DomainError(C.WRONG_CREDENTIALS);
      await s.throttle.succeeded(keys);
      const token = await s.sessions.create(user.id);
      return { code: 0, token, name: user.name, userID: user.id, admin: user.admin as 0 | 1 };
    },
  );

  app.post('/api/logout', { schema: { tags, summary: 'Revoke the current session token' } }, async (req) => {
    const token = req.user.sessionToken;
    if (token) {
      await s.sessions.revoke(token);
      s.local.publish(localTopics.authRevoked, { userId: req.user.id, token, reason: 'logout' } satisfies AuthRevoked);
    }
    return ok();
  });

  app.get(
    '/api/user/info',
    {
      schema: {
        tags,
        summary: 'The signed-in user, its access list and license state',
        response: { 200: envelopeOf(userInfo) },
      },
    },
    async (req) =>
      ok({
        userID: req.user.id,
        name: req.user.name,
        admin: req.user.admin ? (1 as const) : (0 as const),
        access: accessOf(req.user.admin ? 1 : 0),
        license: { valid: true, expiresAt: null },
      }),
  );

  app.get(
    '/api/login/options',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether the login page must show the captcha',
        response: { 200: envelopeOf(z.object({ captcha: z.boolean() })) },
      },
    },
    async () => ok({ captcha: s.config.LOGIN_CAPTCHA }),
  );
};
