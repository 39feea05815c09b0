import fs from 'node:fs';
import path from 'node:path';
import { passwordProblem } from '@lns/contract/password-policy';
import { newSecret } from '../auth/tokens';
import type { Services } from '../context';

/**
 * First start on an empty database: create `admin` with ADMIN_PASSWORD, or with a generated
 * password printed once and written to DATA_DIR/initial-admin-password (mode 0600).
 */
export async function ensureAdmin(s: Services): Promise<void> {
  const given = s.config.ADMIN_PASSWORD;
  if (await s.users.any()) {
    if (given)
      s.log.warn(
        'ADMIN_PASSWORD is ignored: it sets the password of "admin" on the first start only, and users exist in this DATA_DIR/database; sign in with the current password (change it in the account menu)',
      );
    return;
  }
  const password = given ?? generatedPassword();
  try {
    await s.users.create({ name: 'admin', password, admin: 1 });
  } catch (err) {
    // Another instance created it at the same moment.
    if (await s.users.byName('admin')) return;
    throw err;
  }
  if (given) {
    s.log.info('created user "admin" with ADMIN_PASSWORD');
    return;
  }
  const file = path.join(s.config.dataDir, 'initial-admin-password');
  fs.mkdirSync(s.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  s.log.warn(
    `created user "admin" with password ${password} (also in ${file}); change it after signing in: account menu → Change password`,
  );
}

/** Random, and drawn again in the rare case the policy would refuse it (say, it contains "admin"). */
function generatedPassword(): string {
  for (;;) {
    const pw = newSecret(12);
    if (!passwordProblem(pw, 'admin')) return pw;
  }
}
