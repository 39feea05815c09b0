/**
 * The platform license and token (docs/protocols/license.md, docs/product/platform.md).
 *
 * A license is a document signed with Ed25519 by whoever issues licenses (tools/license); the
 * server checks it against the public key of its LICENSE_PUBLIC_KEY setting. It names the
 * licensee, the network (NetID) and how many devices and gateways the whole platform may hold,
 * until when. Without LICENSE_PUBLIC_KEY the platform is unlimited and no license is needed.
 *
 * The token is a secret the operator sets beside the license: whoever holds it may read the usage
 * report (`GET /api/platform/usage` with the `x-platform-token` header, no user account), so a
 * licensor or a monitoring system can audit usage against the license. The server keeps only
 * its SHA-256 and never answers it.
 *
 * This module is free of node:crypto (the console imports it); the signature code is in
 * license-codec.ts.
 */
import { z } from 'zod';
import { INT4_MAX, text } from './input';
import { V } from './validation';

/** First part of every license text: the format and its version. */
export const LICENSE_PREFIX = 'LNS1';
/** The header that carries the token to the usage report. */
export const PLATFORM_TOKEN_HEADER = 'x-platform-token';
/** Longest license text accepted (a v1 license is a few hundred characters). */
export const LICENSE_TEXT_MAX = 4096;
/** Longest licensee name in a license. */
export const LICENSEE_MAX = 200;
/** The token is a password of a machine: long enough that guessing it is hopeless. */
export const TOKEN_MIN = 16;
export const TOKEN_MAX = 256;

/** The signed payload of a v1 license (JSON). Times are epoch milliseconds. */
export const licensePayload = z.object({
  v: z.literal(1),
  licensee: z.string().trim().min(1).max(LICENSEE_MAX),
  /** The NetID of the network the license is for: 6 hex digits, compared with NET_ID. */
  nwID: z.string().regex(/^[0-9a-fA-F]{6}$/),
  /** Devices the whole platform may hold (every owner's). */
  devices: z.int().min(0).max(INT4_MAX),
  /** Gateways the whole platform may hold. */
  gateways: z.int().min(0).max(INT4_MAX),
  issuedAt: z.int().min(0),
  /** The license no longer holds from this instant on. */
  expiresAt: z.int().min(0),
});
export type LicensePayload = z.infer<typeof licensePayload>;

/** unlimited: no public key configured, nothing is counted; licensed: the license rules. */
export const LICENSE_MODES = ['unlimited', 'licensed'] as const;
export type LicenseMode = (typeof LICENSE_MODES)[number];
/** State of the stored license ('none': none stored; in licensed mode that refuses like invalid). */
export const LICENSE_STATES = ['valid', 'invalid', 'expired', 'none'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];
/**
 * Why a license is invalid: not the format, not signed by the configured key, for another
 * network, or an unknown version.
 */
export const LICENSE_PROBLEMS = ['format', 'signature', 'version', 'network'] as const;
export type LicenseProblem = (typeof LICENSE_PROBLEMS)[number];

const counts = z.object({ devices: z.number().int(), gateways: z.number().int() });

/** What the platform's license allows and how much of it is used. */
export const licenseStatus = z.object({
  mode: z.enum(LICENSE_MODES),
  state: z.enum(LICENSE_STATES),
  /** Set when state is invalid. */
  problem: z.enum(LICENSE_PROBLEMS).nullable(),
  /** From a signed license (valid, expired, or for another network); null otherwise. */
  licensee: z.string().nullable(),
  nwID: z.string().nullable(),
  quotas: counts.nullable(),
  issuedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  /** The server's own NetID (NET_ID): what a license must name. */
  netID: z.string(),
  /** Devices and gateways of every owner, now. */
  usage: counts,
  /** Whether a token is set (the token itself is never answered). */
  tokenSet: z.boolean(),
});
export type LicenseStatus = z.infer<typeof licenseStatus>;

/** The usage report for the token holder: the status without the token flag, and when it was taken. */
export const usageReport = licenseStatus.omit({ tokenSet: true }).extend({ at: z.number() });
export type UsageReport = z.infer<typeof usageReport>;

/** Install a license and set the token, both at once. */
export const licenseUpdateBody = z.object({
  /** Line breaks and spaces inside are ignored (a license pasted from a mail may be wrapped). */
  license: text().trim().min(1, V.licenseEmpty).max(LICENSE_TEXT_MAX),
  token: text().trim().min(1, V.tokenEmpty).min(TOKEN_MIN, V.tokenShort).max(TOKEN_MAX),
});
export type LicenseUpdateBody = z.infer<typeof licenseUpdateBody>;

/** The end of the UTC day `date` (YYYY-MM-DD) names: a license "until 2027-12-31" holds all that day. */
export function endOfDayUtc(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const start = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== date) return undefined;
  return start + 86_400_000;
}
