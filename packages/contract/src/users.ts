import { z } from 'zod';
import { id, queryId, text } from './input';
import { NAME_CHARS, NAME_MAX } from './limits';
import { pagingQuery } from './paging';

export const userName = text()
  .trim()
  .min(1, 'user name cannot be empty')
  .max(NAME_MAX)
  .regex(NAME_CHARS, 'only letters, digits, _ - . @');
export const userPassword = text().min(1, 'password cannot be empty').max(128);
export const adminFlag = z.union([z.literal(0), z.literal(1)]);

export const USER_ORDER_FIELDS = ['userID', 'name', 'admin', 'createtime'] as const;
export const userListQuery = pagingQuery(USER_ORDER_FIELDS);

export const userCreateBody = z.object({ name: userName, password: userPassword, admin: adminFlag });
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** Password is optional on update: empty keeps the current one. A new password revokes the user's sessions. */
export const userUpdateBody = z.object({
  userID: id(),
  name: userName,
  password: text().max(128).optional(),
  admin: adminFlag,
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

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

export const passwordChangeBody = z.object({ oldPassword: text().min(1), newPassword: userPassword });
