/**
 * The audit log: who changed what through the API, and every sign-in. Admins read it through
 * `auditApi.list` (api/audit.ts); the server records every non-GET API call after authentication.
 */
import { z } from 'zod';
import { authApi } from './api/auth';
import { queryId, text } from './input';
import { NAME_MAX } from './limits';
import { pagingQuery } from './paging';
import { V } from './validation';

/** Stands in for every secret value in audit records. */
export const REDACTED = '***';

/**
 * Fields whose values never reach the audit log, compared case-insensitively at any depth:
 * LoRaWAN keys, passwords, tokens and tickets, MQTT passwords.
 */
export const SECRET_FIELDS = [
  'appKey',
  'nwkKey',
  'appSKey',
  'nwkSKey',
  'fNwkSIntKey',
  'sNwkSIntKey',
  'nwkSEncKey',
  'genAppKey',
  'mcKey',
  'mcAppSKey',
  'mcNwkSKey',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'apiToken',
  'sessionToken',
  'accessToken',
  'secret',
  'mqPassword',
  'mqttPassword',
  'digest',
  'ticket',
  'authorization',
] as const;

/** Maps whose names are kept but whose values are hidden: HTTP push headers carry credentials. */
export const SECRET_VALUE_MAPS = ['headers'] as const;

const secretKeys = new Set<string>(SECRET_FIELDS.map((k) => k.toLowerCase()));
const secretMaps = new Set<string>(SECRET_VALUE_MAPS.map((k) => k.toLowerCase()));

/** Deep copy of a JSON-like value with every secret replaced by REDACTED. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = k.toLowerCase();
    if (secretKeys.has(key)) out[k] = v === null || v === undefined || v === '' ? v : REDACTED;
    else if (secretMaps.has(key)) out[k] = hideValues(v);
    else out[k] = redactSecrets(v, depth + 1);
  }
  return out;
}

/** `{name: value}` or `[{key, value}]` header lists: names stay, values go. */
function hideValues(v: unknown): unknown {
  if (Array.isArray(v)) {
    return v.map((row) => (row && typeof row === 'object' ? { ...row, value: REDACTED } : REDACTED));
  }
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).map((k) => [k, REDACTED]));
  return v === null || v === undefined ? v : REDACTED;
}

/**
 * Entity type of an audited route, by path prefix (most specific first); routes not listed fall
 * back to their first path segment.
 */
export const AUDIT_ENTITY_PREFIXES = [
  ['/api/device/tags/', 'deviceTag'],
  ['/api/device/downlink/', 'downlink'],
  ['/api/device/', 'device'],
  ['/api/gateway/tags/', 'gatewayTag'],
  ['/api/gateway/', 'gateway'],
  ['/api/gwtype/', 'gatewayType'],
  ['/api/application/', 'application'],
  ['/api/user/', 'user'],
  ['/api/band/', 'band'],
  [authApi.login.path, 'session'],
  [authApi.logout.path, 'session'],
] as const;

/** The entity types the filter offers. */
export const AUDIT_ENTITY_TYPES = [...new Set(AUDIT_ENTITY_PREFIXES.map(([, type]) => type))];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_ORDER_FIELDS = ['createtime'] as const;
export type AuditOrderField = (typeof AUDIT_ORDER_FIELDS)[number];
/** Days kept when AUDIT_RETENTION_DAYS is not set. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 180;

const epochMs = z.coerce.number().int().min(0).max(8.64e15);
/** '' in a query means "no filter". */
const filterText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text().trim().max(max).optional());

export const auditListQuery = pagingQuery(AUDIT_ORDER_FIELDS)
  .extend({
    userID: queryId().optional(),
    /** The user's name, or the name tried in a failed sign-in (exact, case-insensitive). */
    userName: filterText(NAME_MAX),
    /** Prefix of the action: `device.` matches every device action. */
    action: filterText(64),
    entityType: filterText(32),
    entityID: filterText(200),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    startTime: epochMs.optional(),
    endTime: epochMs.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startTime !== undefined && q.endTime !== undefined && q.endTime < q.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: V.endBeforeStart });
    }
  });
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditRow = z.object({
  id: z.number().int(),
  createtime: z.number(),
  /** null for a failed sign-in (no user was identified). */
  userID: z.number().int().nullable(),
  userName: z.string(),
  clientIP: z.string(),
  method: z.string(),
  /** The route pattern, e.g. /api/device/update. */
  route: z.string(),
  /** Short name of what was done, e.g. device.update, login. */
  action: z.string(),
  entityType: z.string(),
  entityID: z.string(),
  /** Response code of the envelope (0 = success). */
  code: z.number().int(),
  success: z.boolean(),
  /** Changed fields before and after, when the route provides them (secrets as ***). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** The request body as received, secrets as ***. */
  request: z.unknown().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
