import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { adminFlag } from './auth';
import { C } from './codes';
import { NAME_MAX } from './limits';
import { PASSWORD_POLICY, passwordMessage, passwordProblem } from './password-policy';
import {
  passwordChangeBody,
  passwordChangeFields,
  userCreateBody,
  userIdQuery,
  userListQuery,
  userName,
  userPassword,
  userUpdateBody,
  withPasswordChangeRules,
} from './users';
import { V } from './validation';

/** A password of `n` characters that passes every other rule. */
const strong = (n: number) => 'kP7#qLm2'.repeat(Math.ceil(n / 8)).slice(0, n - 1) + 'z';

describe('user names', () => {
  it('are trimmed, 1 to NAME_MAX letters, digits and _ - . @', () => {
    expect(userName.parse(' ops.team@site-1 ')).toBe('ops.team@site-1');
    expect(userName.parse('u'.repeat(NAME_MAX))).toHaveLength(NAME_MAX);
    expect(issues(userName, 'u'.repeat(NAME_MAX + 1))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(userName, ' ')[0]).toEqual({ path: '', code: 'too_small', message: 'user name cannot be empty' });
    for (const n of ['a b', 'a/b', '名字', 'a+b']) {
      expect(issues(userName, n)).toEqual([
        { path: '', code: 'invalid_format', message: 'only letters, digits, _ - . @' },
      ]);
    }
  });
});

describe('passwords', () => {
  it('are 1 to maxLength characters in the schema, not trimmed', () => {
    expect(userPassword.parse(' p ')).toBe(' p ');
    expect(userPassword.parse('p'.repeat(PASSWORD_POLICY.maxLength))).toHaveLength(PASSWORD_POLICY.maxLength);
    expect(issues(userPassword, 'p'.repeat(PASSWORD_POLICY.maxLength + 1))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(userPassword, '')).toEqual([{ path: '', code: 'too_small', message: 'password cannot be empty' }]);
  });

  it('need minLength characters, counted as characters, not UTF-16 units', () => {
    expect(passwordProblem(strong(PASSWORD_POLICY.minLength), 'someone')).toBeUndefined();
    expect(passwordProblem(strong(PASSWORD_POLICY.minLength - 1), 'someone')).toBe(C.PASSWORD_TOO_SHORT);
    // Four emoji are eight UTF-16 units but four characters.
    expect(passwordProblem('🐢🦊🐙🦉', 'someone')).toBe(C.PASSWORD_TOO_SHORT);
  });

  it('may contain a user name shorter than nameMinLength, never a longer one', () => {
    const short = 'x'.repeat(PASSWORD_POLICY.nameMinLength - 1);
    const long = 'x'.repeat(PASSWORD_POLICY.nameMinLength);
    expect(passwordProblem(`kP7#q${short}Lm2`, short)).toBeUndefined();
    expect(passwordProblem(`kP7#q${long}Lm2`, long)).toBe(C.PASSWORD_CONTAINS_NAME);
  });
});

describe('user bodies', () => {
  const pw = strong(12);

  it('create needs a name, a password that keeps the policy, and admin 0 or 1', () => {
    expect(userCreateBody.parse({ name: ' ops ', password: pw, admin: 1 })).toEqual({
      name: 'ops',
      password: pw,
      admin: 1,
    });
    for (const admin of [2, '1', true, undefined]) {
      expect(issues(userCreateBody, { name: 'ops', password: pw, admin })).toMatchObject([{ path: 'admin' }]);
    }
    expect(issues(userCreateBody, { name: 'ops', password: 'short1!', admin: 0 })).toMatchObject([
      { path: 'password', code: 'custom' },
    ]);
    expect(adminFlag.parse(0)).toBe(0);
  });

  it('update keeps the password when it is absent or empty, and checks a new one', () => {
    expect(userUpdateBody.parse({ userID: 2, name: 'ops', admin: 0 }).password).toBeUndefined();
    expect(userUpdateBody.parse({ userID: 2, name: 'ops', password: '', admin: 0 }).password).toBe('');
    expect(issues(userUpdateBody, { userID: 2, name: 'ops', password: 'ops-password-x', admin: 0 })).toMatchObject([
      { path: 'password', message: passwordMessage(C.PASSWORD_CONTAINS_NAME) },
    ]);
    expect(
      issues(userUpdateBody, { userID: 2, name: 'ops', password: strong(PASSWORD_POLICY.maxLength + 1), admin: 0 }),
    ).toMatchObject([{ path: 'password', code: 'too_big' }]);
    expect(issues(userUpdateBody, { userID: 0, name: 'ops', admin: 0 })).toMatchObject([{ path: 'userID' }]);
  });

  it('password change checks the new password under newPassword, and that it changes', () => {
    expect(passwordChangeBody.parse({ currentPassword: 'x', newPassword: pw })).toEqual({
      currentPassword: 'x',
      newPassword: pw,
    });
    expect(issues(passwordChangeBody, { currentPassword: '', newPassword: pw })).toMatchObject([
      { path: 'currentPassword', code: 'too_small', message: V.currentPasswordEmpty },
    ]);
    expect(issues(passwordChangeBody, { currentPassword: 'o'.repeat(129), newPassword: pw })).toMatchObject([
      { path: 'currentPassword', code: 'too_big' },
    ]);
    const weak = passwordChangeBody.safeParse({ currentPassword: 'x', newPassword: 'password1' });
    expect(weak.error?.issues[0]).toMatchObject({ path: ['newPassword'], params: { code: C.PASSWORD_TOO_COMMON } });
    const same = passwordChangeBody.safeParse({ currentPassword: pw, newPassword: pw });
    expect(same.error?.issues).toMatchObject([{ path: ['newPassword'], params: { code: C.PASSWORD_UNCHANGED } }]);
  });

  it('a form passes the user name so the new password may not contain it', () => {
    const form = withPasswordChangeRules(passwordChangeFields, 'grafana-ops');
    const named = form.safeParse({ currentPassword: 'x', newPassword: 'grafana-ops-77' });
    expect(named.error?.issues[0]).toMatchObject({ path: ['newPassword'], params: { code: C.PASSWORD_CONTAINS_NAME } });
  });

  it('queries coerce the user id and page the list', () => {
    expect(userIdQuery.parse({ userID: '5' })).toEqual({ userID: 5 });
    expect(issues(userIdQuery, { userID: 'me' })).toMatchObject([{ path: 'userID' }]);
    expect(userListQuery.parse({ orderBy: 'name' })).toMatchObject({ orderBy: 'name', pageNo: 1 });
    expect(issues(userListQuery, { orderBy: 'passwordHash' })).toMatchObject([{ path: 'orderBy' }]);
  });
});
