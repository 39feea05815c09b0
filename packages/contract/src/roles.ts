/**
 * Users' roles and the access strings the console's routes ask for. Free of zod on purpose: the
 * console's entry chunk (the session) imports it.
 */

/** The `admin` flag of a user: 1 may call the admin endpoints. */
export const USER_ROLE = { common: 0, admin: 1 } as const;
export type UserRole = (typeof USER_ROLE)[keyof typeof USER_ROLE];

export type Access = 'admin' | 'user' | 'fuota' | 'rhf3m485' | 'rhf3mr01';

/**
 * The access strings a role grants; product types add theirs when an application of that type is
 * opened. FUOTA is for admins (packages/contract/src/fuota.ts says why).
 */
export const accessOf = (admin: number): Access[] =>
  admin === USER_ROLE.admin ? ['admin', 'user', 'fuota'] : ['user'];
