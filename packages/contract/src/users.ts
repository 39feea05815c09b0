import { z } from 'zod';
import { adminFlag } from './auth';
import { C, codeText } from './codes';
import type { Args } from './endpoint';
import { id, queryId, text } from './input';
import { NAME_CHARS, NAME_MAX } from './limits';
import { pagingQuery } from './paging';
import { checkPassword, PASSWORD_POLICY } from './password-policy';
import { V } from './validation';

export const userName = text().trim().min(1, V.userNameEmpty).max(NAME_MAX).regex(NAME_CHARS, V.nameChars);
/** Length bounds only: the rest of the policy needs the user name, so bodies check it (`checkPassword`). */
export const userPassword = text().min(1, V.passwordEmpty).max(PASSWORD_POLICY.maxLength);

export const USER_ORDER_FIELDS = ['userID', 'name', 'admin', 'createtime'] as const;
export type UserOrderField = (typeof USER_ORDER_FIELDS)[number];
export const userListQuery = pagingQuery(USER_ORDER_FIELDS);

/** Adds the password policy (which needs the user name) to a schema with `name` and `password` fields. */
export const withPasswordPolicy = <T extends z.ZodType<object>>(schema: T): T =>
  schema.superRefine((v, ctx) => {
    const o = v as { name?: unknown; password?: unknown };
    checkPassword(ctx, o.password, o.name, 'password');
  });

/** Field shapes without the policy, for forms that change a field's type (refined schemas cannot be extended). */
export const userCreateFields = z.object({ name: userName, password: userPassword, admin: adminFlag });
export const userCreateBody = withPasswordPolicy(userCreateFields);
export type UserCreateBody = Args<typeof userCreateBody>;

/**
 * Password is optional on update: empty keeps the current one. A new password (like a demotion
 * from admin) revokes the user's sessions, API token and MQTT password.
 */
export const userUpdateFields = z.object({
  userID: id(),
  name: userName,
  password: text().max(PASSWORD_POLICY.maxLength).optional(),
  admin: adminFlag,
});
export const userUpdateBody = withPasswordPolicy(userUpdateFields);
export type UserUpdateBody = Args<typeof userUpdateBody>;

export const userIdBody = z.object({ userID: id() });
export const userIdQuery = z.object({ userID: queryId() });

export const userRow = z.object({
  userID: z.number().int(),
  name: z.string(),
  admin: adminFlag,
  createtime: z.number(),
});
export type UserRow = z.infer<typeof userRow>;

export const userDetail = userRow.extend({
  apiToken: z.string(),
  mqURL: z.string(),
  mqUsername: z.string(),
  mqPassword: z.string(),
});
export type UserDetail = z.infer<typeof userDetail>;

/**
 * Own password change. The new one must pass the policy (the caller's name is known to the
 * server from the session; a form passes it for early feedback) and differ from the current one.
 */
export const passwordChangeFields = z.object({
  currentPassword: text().min(1, V.currentPasswordEmpty).max(PASSWORD_POLICY.maxLength),
  newPassword: userPassword,
});
export const withPasswordChangeRules = <T extends z.ZodType<object>>(schema: T, userName = ''): T =>
  schema.superRefine((v, ctx) => {
    const o = v as { currentPassword?: unknown; newPassword?: unknown };
    if (typeof o.newPassword === 'string' && o.newPassword !== '' && o.newPassword === o.currentPassword) {
      const code = C.PASSWORD_UNCHANGED;
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: codeText(code, 'en-US')!, params: { code } });
      return;
    }
    checkPassword(ctx, o.newPassword, userName, 'newPassword');
  });
export const passwordChangeBody = withPasswordChangeRules(passwordChangeFields);
export type PasswordChangeBody = Args<typeof passwordChangeBody>;
export const passwordChangeResult = z.object({ token: z.string() });
export const userCreated = z.object({ userID: z.number().int() });

/** New credentials after a rotation; the old ones stop working at once. */
export const apiTokenResult = z.object({ apiToken: z.string() });
export const mqttPasswordResult = z.object({ mqPassword: z.string() });
