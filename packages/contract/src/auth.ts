import { z } from 'zod';
import type { Args } from './endpoint';
import { text } from './input';
import { USER_ROLE } from './roles';

/** Slide-puzzle captcha: the server draws a background with a gap and the matching piece. */
export const CAPTCHA = {
  width: 310,
  height: 160,
  piece: 50,
  /** Accepted distance in px between the posted x and the gap. */
  tolerance: 6,
  /** A challenge must be answered within this time. */
  challengeTtlMs: 2 * 60_000,
  /** A passed ticket is valid for one login within this time. */
  ticketTtlMs: 2 * 60_000,
  /** Most [x, y, ms] samples a drag track may carry. */
  trackSamples: 2000,
} as const;

/**
 * Largest captcha-check body: `trackSamples` drag samples of three integers (about 17 bytes
 * each) and the rest. Kept here, not in request-limits.ts, so the login page does not load
 * every area's schemas with it.
 */
export const CAPTCHA_CHECK_BODY_MAX = CAPTCHA.trackSamples * 24 + 1024;

export const adminFlag = z.union([z.literal(USER_ROLE.common), z.literal(USER_ROLE.admin)]);

export const captchaChallenge = z.object({
  id: z.string(),
  background: z.string().describe('PNG data URL with the gap'),
  piece: z.string().describe('PNG data URL of the piece'),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

export const captchaCheckBody = z.object({
  id: text().min(1).max(64),
  x: z.number().min(0).max(CAPTCHA.width),
  /** Drag track: [x, y, t] samples; a straight instant jump is refused. */
  track: z
    .array(z.tuple([z.number(), z.number(), z.number()]))
    .max(CAPTCHA.trackSamples)
    .default([]),
});
export type CaptchaCheckBody = Args<typeof captchaCheckBody>;
export const captchaCheckResult = z.object({ ticket: z.string() });

export const loginBody = z.object({
  name: text().trim().min(1).max(64),
  password: text().min(1).max(128),
  /** The captcha ticket; ignored when the server runs with LOGIN_CAPTCHA=false. */
  digest: text().max(128).optional(),
  timeStamp: z.coerce.number().optional(),
});
export type LoginBody = Args<typeof loginBody>;

export const loginResult = z.object({
  code: z.literal(0),
  token: z.string(),
  name: z.string(),
  userID: z.number().int(),
  admin: adminFlag,
});
export type LoginResult = z.infer<typeof loginResult>;

/**
 * Sign-in throttle (refusals are code 2104, HTTP 429, with Retry-After). Every attempt takes a
 * slot in three counters BEFORE the password is checked, atomically, so parallel guesses cannot
 * all pass: the account from this client address, the client address (all accounts), and the
 * account (all addresses). A counter past its free attempts makes the next attempt wait
 * `firstDelayMs`, doubling with each further attempt up to `maxDelayMs`, counted from the latest
 * one. A success gives the account's counters back (and this attempt's address slot). A counter
 * is forgotten `forgetMs` after its latest attempt.
 *
 * The account-wide counter never refuses by itself, so a stranger cannot lock the owner out: past
 * `accountCeiling` failures it only shrinks the free attempts of every address that already failed
 * on the account to `underAttackFree`; an address without failures there still gets its attempt.
 */
export const LOGIN_THROTTLE = {
  /** Free attempts for one account from one client address. */
  accountAddressFree: 5,
  /** Free failed attempts from one client address over all accounts (people share addresses). */
  addressFree: 20,
  /** Failures on one account from all addresses after which it counts as under attack. */
  accountCeiling: 50,
  /** Free attempts per account and address while the account is under attack. */
  underAttackFree: 1,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
} as const;

export const userInfo = z.object({
  userID: z.number().int(),
  name: z.string(),
  admin: adminFlag,
  access: z.array(z.string()),
  license: z.object({ valid: z.boolean(), expiresAt: z.number().nullable() }),
  captcha: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** What the login page shows before anyone signs in. */
export const loginOptions = z.object({ captcha: z.boolean() });
