import type { z } from 'zod';
import { C, codeText } from './codes';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * The one password policy, applied wherever a password is set (user create and update, own
 * password change, ADMIN_PASSWORD at start) by the server and, for early feedback, by the console.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 128,
  /** Shorter user names are only refused as the whole password, not as a part of it. */
  nameMinLength: 3,
} as const;

export type PasswordCode = typeof C.PASSWORD_TOO_SHORT | typeof C.PASSWORD_CONTAINS_NAME | typeof C.PASSWORD_TOO_COMMON;

const PASSWORD_CODES: readonly PasswordCode[] = [C.PASSWORD_TOO_SHORT, C.PASSWORD_CONTAINS_NAME, C.PASSWORD_TOO_COMMON];

/** Keyboard rows, the alphabet and the digits: a password that runs along one is guessed early. */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  '`1234567890-=',
  '~!@#$%^&*()_+',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
];
const REVERSED_RUNS = RUNS.map((r) => [...r].reverse().join(''));

/** Undo the substitutions people use to "strengthen" a word (p@ssw0rd → password). */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};
const unleet = (s: string, one: 'i' | 'l') =>
  [...s].map((ch) => (ch === '1' || ch === '!' ? one : (LEET[ch] ?? ch))).join('');

/** Digits and symbols added before or after a word ("password123!", "2024dragon") are no strength. */
const stem = (s: string) => s.replace(/^[\d\W_]+/, '').replace(/[\d\W_]+$/, '');

const isRun = (s: string) =>
  s.length >= 4 && (RUNS.some((r) => r.includes(s)) || REVERSED_RUNS.some((r) => r.includes(s)));
/** One character or a short group repeated: "aaaaaaaa", "abcabcabc", "12121212". */
const isRepeat = (s: string) => /^(.{1,4})\1+$/s.test(s);

function isDate(s: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  const valid = (y: number, mo: number, d: number) =>
    y >= 1900 && y <= 2099 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
  if (m && valid(Number(m[1]), Number(m[2]), Number(m[3]))) return true;
  const n = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  return Boolean(
    n && (valid(Number(n[3]), Number(n[2]), Number(n[1])) || valid(Number(n[3]), Number(n[1]), Number(n[2]))),
  );
}

function weak(s: string): boolean {
  return s.length > 0 && (COMMON_PASSWORDS.has(s) || isRun(s) || isRepeat(s) || isDate(s));
}

/** True when the password is in the list of common passwords or follows a pattern guessers try first. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = new Set([lower, stem(lower)]);
  for (const c of [...candidates]) {
    candidates.add(unleet(c, 'i'));
    candidates.add(unleet(c, 'l'));
    candidates.add(stem(unleet(c, 'i')));
    candidates.add(stem(unleet(c, 'l')));
  }
  return [...candidates].some(weak);
}

/** The first rule the password breaks for this user name, as its response code; undefined when it passes. */
export function passwordProblem(password: string, userName = ''): PasswordCode | undefined {
  if ([...password].length < PASSWORD_POLICY.minLength || password.trim() === '') return C.PASSWORD_TOO_SHORT;
  const pw = password.toLowerCase();
  const name = userName.trim().toLowerCase();
  if (name && (pw === name || (name.length >= PASSWORD_POLICY.nameMinLength && pw.includes(name)))) {
    return C.PASSWORD_CONTAINS_NAME;
  }
  if (isCommonPassword(password)) return C.PASSWORD_TOO_COMMON;
  return undefined;
}

/** English text of a policy code: the message of the zod issue, so logs and API details read as words. */
export const passwordMessage = (code: PasswordCode) => codeText(code, 'en-US')!;

/** The policy code whose message this is (the console shows it translated); undefined for other messages. */
export const passwordCodeOfMessage = (message: string): PasswordCode | undefined =>
  PASSWORD_CODES.find((c) => passwordMessage(c) === message);

/**
 * Adds the policy issue for `password` (at `path`) to a zod refinement; `params.code` carries
 * the response code, which the server answers with.
 */
export function checkPassword(ctx: z.RefinementCtx, password: unknown, userName: unknown, path: string): void {
  if (typeof password !== 'string' || password === '') return;
  const code = passwordProblem(password, typeof userName === 'string' ? userName : '');
  if (code) ctx.addIssue({ code: 'custom', path: [path], message: passwordMessage(code), params: { code } });
}
