import { describe, expect, it } from 'vitest';
import { C } from './codes';
import { COMMON_PASSWORDS } from './common-passwords';
import { isCommonPassword, passwordCodeOfMessage, passwordMessage, passwordProblem } from './password-policy';
import { userCreateBody, userUpdateBody } from './users';

describe('password policy', () => {
  it.each([
    ['1', C.PASSWORD_TOO_SHORT],
    [' ', C.PASSWORD_TOO_SHORT],
    ['        ', C.PASSWORD_TOO_SHORT],
    ['abc1234', C.PASSWORD_TOO_SHORT],
    ['grafana-ops', C.PASSWORD_CONTAINS_NAME],
    ['GRAFANA-ops-2024', C.PASSWORD_CONTAINS_NAME],
    ['my-grafana-key', C.PASSWORD_CONTAINS_NAME],
  ])('refuses %j for user grafana-ops / grafana with %i', (pw, code) => {
    expect(passwordProblem(pw, pw.toLowerCase().startsWith('grafana-ops') ? 'grafana-ops' : 'grafana')).toBe(code);
  });

  it('a very short user name is refused as the whole password only', () => {
    expect(passwordProblem('bo-river-stone', 'bo')).toBeUndefined();
    expect(passwordProblem('ab', 'ab')).toBe(C.PASSWORD_TOO_SHORT);
  });

  it.each([
    'password',
    'password123',
    'Password1!',
    'P@ssw0rd',
    'p@$$w0rd2024',
    '123456789',
    'qwertyuiop',
    'iloveyou',
    'Dragon2024!',
    '!!monkey!!',
    'woaini1314',
    '5201314520',
    '1qaz2wsx',
    'zxcvbnm,./',
    'aaaaaaaa',
    'abcabcabc',
    '12121212',
    'abcdefghij',
    '98765432',
    'asdfghjkl;',
    '19900101',
    '01021985',
    'Ch@ngeme!',
  ])('refuses the common or patterned %j', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
    expect(passwordProblem(pw, 'someone')).toBe(C.PASSWORD_TOO_COMMON);
  });

  it.each(['quiet river under stone', 'x7#kP2!qLm', 'lantern-harbour-1', 'Tr0ub4dor&3', 'summer-rain-7'])(
    'accepts %j',
    (pw) => {
      expect(passwordProblem(pw, 'someone')).toBeUndefined();
    },
  );

  it('ships a list of several hundred entries, all lowercase and without blanks', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(500);
    for (const pw of COMMON_PASSWORDS) expect(pw).toBe(pw.toLowerCase().trim());
  });

  it('the issue message maps back to its code, for the console to translate', () => {
    for (const code of [C.PASSWORD_TOO_SHORT, C.PASSWORD_CONTAINS_NAME, C.PASSWORD_TOO_COMMON] as const) {
      expect(passwordCodeOfMessage(passwordMessage(code))).toBe(code);
    }
    expect(passwordCodeOfMessage('something else')).toBeUndefined();
  });

  it('the user schemas apply it on the password field, with the code in the issue', () => {
    const created = userCreateBody.safeParse({ name: 'grafana', password: 'grafana!', admin: 0 });
    expect(created.error?.issues[0]).toMatchObject({ path: ['password'], params: { code: C.PASSWORD_CONTAINS_NAME } });
    // An empty password on update keeps the current one: nothing to check.
    expect(userUpdateBody.safeParse({ userID: 1, name: 'grafana', password: '', admin: 0 }).success).toBe(true);
    expect(userUpdateBody.safeParse({ userID: 1, name: 'grafana', password: '1', admin: 0 }).success).toBe(false);
  });
});
