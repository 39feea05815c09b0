import { AUDIT_ENTITY_PREFIXES, redactSecrets } from '@lns/contract/audit';

/** Fields that name the entity a request acts on, in the order they are looked for. */
const ID_FIELDS = [
  'devEUI',
  'devEUIs',
  'gwID',
  'gwIDs',
  'appID',
  'appIDs',
  'userID',
  'gwTypeID',
  'tagsId',
  'tagId',
  'mcEUI',
  'region',
  'id',
] as const;

const ENTITY_ID_MAX = 200;
/** Bodies larger than this (as JSON) are stored as a summary. */
const REQUEST_MAX_CHARS = 16_384;
/** Long lists in a body (batch create, imports) keep their first items only. */
const LIST_KEEP = 20;
/** Bookkeeping fields that change on every write and say nothing about the change. */
const NOT_A_CHANGE = new Set(['updatedAt', 'updatetime']);

/** A route path → its action: the segments after the API root joined by dots (device.tags.create); path parameters are left out. */
export function actionOf(route: string): string {
  return route
    .replace(/^\/api\//, '')
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('.')
    .slice(0, 64);
}

export function entityTypeOf(route: string): string {
  for (const [prefix, type] of AUDIT_ENTITY_PREFIXES) if (route.startsWith(prefix)) return type;
  return (route.replace(/^\/api\//, '').split('/')[0] ?? '').slice(0, 32);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/** The first id field found in params, body, then the answer's data (ids a create hands out). */
export function entityIdOf(...sources: unknown[]): string {
  for (const src of sources) {
    if (!isRecord(src)) continue;
    for (const f of ID_FIELDS) {
      const v = src[f];
      if (v === undefined || v === null || v === '') continue;
      const text = Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' ? '' : String(v);
      if (text) return text.length > ENTITY_ID_MAX ? `${text.slice(0, ENTITY_ID_MAX - 1)}…` : text;
    }
  }
  return '';
}

function shorten(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) {
    const kept = v.slice(0, LIST_KEEP).map((x) => shorten(x, depth + 1));
    return v.length > LIST_KEEP ? [...kept, `… ${v.length - LIST_KEEP} more`] : kept;
  }
  if (isRecord(v) && depth < 10)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x, depth + 1)]));
  return v;
}

/**
 * The request body as it may be stored: JSON bodies only (uploads are not kept), long lists
 * cut, secrets hidden, and at most REQUEST_MAX_CHARS of JSON (else its top-level scalars).
 */
export function requestOf(body: unknown): unknown {
  if (!isRecord(body) && !Array.isArray(body)) return null;
  try {
    const safe = redactSecrets(shorten(body));
    const size = JSON.stringify(safe).length;
    if (size <= REQUEST_MAX_CHARS) return safe;
    const scalars = isRecord(safe)
      ? Object.fromEntries(Object.entries(safe).filter(([, v]) => v === null || typeof v !== 'object'))
      : {};
    return { ...scalars, truncated: size };
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a route noted about its entity, ready to store: for an update only the fields that
 * changed, on both sides; secrets hidden (a changed key shows as *** → ***).
 */
export function changesOf(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => !NOT_A_CHANGE.has(k) && !same(before[k], after[k]),
    );
    const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k] ?? null]));
    return { before: redactSecrets(pick(before)), after: redactSecrets(pick(after)) };
  }
  return { before: redactSecrets(before ?? null), after: redactSecrets(after ?? null) };
}
