import { z } from 'zod';
import { text } from './input';

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
} as const;

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
    .max(2000)
    .default([]),
});
export const captchaCheckResult = z.object({ ticket: z.string() });

export const loginBody = z.object({
  name: text().trim().min(1).max(64),
  password: text().min(1).max(128),
  /** The captcha ticket; ignored when the server runs with LOGIN_CAPTCHA=false. */
  digest: text().max(128).optional(),
  timeStamp: z.coerce.number().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  code: z.literal(0),
  token: z.string(),
  name: z.string(),
  userID: z.number().int(),
  admin: z.union([z.literal(0), z.literal(1)]),
});
export type LoginResult = z.infer<typeof loginResult>;

/** Sign-in throttle: this many failures per account (or per address) in the window → 429 (code 1009). */
export const LOGIN_THROTTLE = { failures: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

export type Access = 'admin' | 'user' | 'fuota' | 'rhf3m485' | 'rhf3mr01';

export const userInfo = z.object({
  userID: z.number().int(),
  name: z.string(),
  admin: z.union([z.literal(0), z.literal(1)]),
  access: z.array(z.string()),
  license: z.object({ valid: z.boolean(), expiresAt: z.number().nullable() }),
  captcha: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const accessOf = (admin: number): Access[] => (admin === 1 ? ['admin', 'user'] : ['user']);
