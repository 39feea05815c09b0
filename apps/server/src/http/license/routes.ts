import { licenseApi as api } from '@lns/contract/api/license';
import { C } from '@lns/contract/codes';
import { PLATFORM_TOKEN_HEADER } from '@lns/contract/license';
import { DomainError } from '../../errors';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** The license and token (admins), and the usage report for the token holder (docs/product/platform.md). */
export const licenseRoutes: RouteModule = (app, s) => {
  route(app, api.status, async () => ok(await s.license.status()));

  route(app, api.update, async (req) => {
    await s.license.install(req.body.license, req.body.token);
    return ok(await s.license.status());
  });

  // No user account: the token set with the license is the credential (a machine's, not a person's).
  route(app, api.usage, async (req) => {
    const sent = req.headers[PLATFORM_TOKEN_HEADER];
    const token = typeof sent === 'string' ? sent.trim() : '';
    if (!token) throw new DomainError(C.TOKEN_MISSING, `the ${PLATFORM_TOKEN_HEADER} header is missing`);
    if (!(await s.license.tokenMatches(token))) throw new DomainError(C.TOKEN_INVALID, 'not the platform token');
    const { tokenSet: _, ...status } = await s.license.status();
    return ok({ ...status, at: Date.now() });
  });
};
