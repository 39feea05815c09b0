import { authApi as api } from '@lns/contract/api/auth';
import { C } from '@lns/contract/codes';
import { accessOf, USER_ROLE, type UserRole } from '@lns/contract/roles';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { attemptKeys, throttled } from '../../auth/throttle';
import { type AuthRevoked, localTopics } from '../../bus/bus';
import { DomainError } from '../../errors';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

export const authRoutes: RouteModule = (app, s) => {
  route(app, api.captcha, async () => ok(await s.captcha.issue()));

  route(app, api.checkCaptcha, async (req) => {
    const ticket = await s.captcha.check(req.body.id, req.body.x, req.body.track);
    if (!ticket) throw new DomainError(C.PARAM_FORMAT, 'captcha not passed', 'x');
    return ok({ ticket });
  });

  route(app, api.login, async (req, reply) => {
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
    // Without a valid license only admins get in (to install one); 13001/13002 for the others.
    await s.license.admitSignIn(user.admin === 1);
    const token = await s.sessions.create(user.id);
    return { code: 0 as const, token, name: user.name, userID: user.id, admin: user.admin as UserRole };
  });

  route(app, api.logout, async (req) => {
    const token = req.user.sessionToken;
    if (token) {
      await s.sessions.revoke(token);
      s.local.publish(localTopics.authRevoked, { userId: req.user.id, token, reason: 'logout' } satisfies AuthRevoked);
    }
    return ok();
  });

  route(app, api.info, async (req) => {
    const role = req.user.admin ? USER_ROLE.admin : USER_ROLE.common;
    return ok({
      userID: req.user.id,
      name: req.user.name,
      admin: role,
      access: accessOf(role),
      license: await s.license.forUser(),
    });
  });

  route(app, api.loginOptions, async () => ok({ captcha: s.config.LOGIN_CAPTCHA }));
};
