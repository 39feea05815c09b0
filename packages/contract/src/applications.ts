import { z } from 'zod';
import type { Args } from './endpoint';
import { id, ownKeyMessage, queryId, text } from './input';
import { HEADERS_MAX, NAME_MAX } from './limits';
import { pagingQuery } from './paging';
import { V } from './validation';

/** Product types of applications and devices (docs/product/applications.md). */
export const PRODUCT_TYPES = ['lorawan', 'rhf3mr01', 'rhf3m485'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const productType = z.enum(PRODUCT_TYPES);

/** Our limit: at most 10 push URLs per application. */
export const PUSH_URLS_MAX = 10;
/** Our limit: decoder scripts up to 64 KiB. */
export const DECODER_MAX = 64 * 1024;
/** Decoder kinds the uplink pipeline knows; 'none' forwards the raw payload. */
export const DECODER_TYPES = ['none', 'javascript', 'cayenne'] as const;

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** URL + /join and URL + /uplink (a trailing slash of the push URL is not doubled). */
export function pushLinksOf(url: string): { pushUrl: string; joinURL: string; uplinkURL: string } {
  const base = url.replace(/\/+$/, '');
  return { pushUrl: url, joinURL: `${base}/join`, uplinkURL: `${base}/uplink` };
}

export const appName = text().trim().min(1, V.appNameEmpty).max(NAME_MAX);

/** Empty entries are dropped; each remaining one must be an http(s) URL. */
export const pushUrls = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '') : v),
  z.array(text().max(512).refine(isHttpUrl, V.httpUrl)).max(PUSH_URLS_MAX),
);

const HEADER_KEY = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/**
 * Headers a push request may not carry from users: hop-by-hop and framing headers (they would
 * change how the request travels) and Host-style headers (they would redirect it past the URL
 * check, or forge where it comes from on a proxy). Lowercase.
 */
export const PUSH_HEADERS_FORBIDDEN: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
  'host',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-host',
  'x-original-host',
  'x-original-url',
  'x-rewrite-url',
];
export const PUSH_HEADER_FORBIDDEN_MSG = V.headerForbidden;
export const isForbiddenPushHeader = (name: string) => PUSH_HEADERS_FORBIDDEN.includes(name.toLowerCase());

/**
 * Push headers as a key/value map (an array of {key, value} rows is accepted too). Rows with an
 * empty key or value are dropped; at most 5 remain. Keys are HTTP tokens (not hop-by-hop or
 * Host-style ones), values one line.
 */
export const pushHeaders = z.preprocess(
  (v) => {
    const rows = Array.isArray(v)
      ? v.map((r) => [r?.key, r?.value])
      : v && typeof v === 'object'
        ? Object.entries(v as Record<string, unknown>)
        : null;
    if (!rows) return v;
    return Object.fromEntries(
      rows
        .map(([k, val]) => [typeof k === 'string' ? k.trim() : k, typeof val === 'string' ? val.trim() : val])
        .filter(([k, val]) => k !== '' && k != null && val !== '' && val != null),
    );
  },
  z
    .record(
      text().regex(HEADER_KEY, V.headerName),
      text()
        .max(512)
        .regex(/^[^\r\n]*$/),
      ownKeyMessage,
    )
    .refine((h) => Object.keys(h).length <= HEADERS_MAX, V.headersMax)
    .superRefine((h, ctx) => {
      for (const k of Object.keys(h))
        if (isForbiddenPushHeader(k)) ctx.addIssue({ code: 'custom', path: [k], message: PUSH_HEADER_FORBIDDEN_MSG });
    }),
);

const flag = z.preprocess((v) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v), z.boolean());

export const decoder = z.object({
  name: text().trim().max(NAME_MAX).default(''),
  type: z.enum(DECODER_TYPES).default('none'),
  content: text().max(DECODER_MAX).default(''),
});
export type Decoder = z.infer<typeof decoder>;

const appFields = {
  appName,
  pushUrls: pushUrls.default([]),
  headers: pushHeaders.default({}),
  enableMQTT: flag.default(false),
  productType: productType.default('lorawan'),
  /** Name of a platform extension protocol linked to the application; empty for none. */
  protocol: text().trim().max(NAME_MAX).default(''),
  decoder: decoder.nullable().optional(),
};

export const appCreateBody = z.object(appFields);
export type AppCreateBody = Args<typeof appCreateBody>;
export const appUpdateBody = z.object({ appID: id(), ...appFields });
export type AppUpdateBody = Args<typeof appUpdateBody>;
export const appIdQuery = z.object({ appID: queryId() });
export const appIdBody = z.object({ appID: id() });
export const appDeleteBody = z.object({ appIDs: z.array(id()).min(1).max(1000) });

export const APP_ORDER_FIELDS = ['appID', 'appName', 'createtime', 'deviceNums'] as const;
export type AppOrderField = (typeof APP_ORDER_FIELDS)[number];
/** `pageNo 0, pageSize 0` lists every application (the move-devices picker). */
export const appListQuery = pagingQuery(APP_ORDER_FIELDS, true);

export const appRow = z.object({
  appID: z.number().int(),
  appName: z.string(),
  productType,
  protocol: z.string(),
  pushUrls: z.array(z.string()),
  enableMQTT: z.boolean(),
  deviceNums: z.number().int(),
  /** Owner's name (admins see every user's applications). */
  username: z.string(),
  createtime: z.number(),
});
export type AppRow = z.infer<typeof appRow>;

export const appDetail = appRow.extend({
  headers: z.record(z.string(), z.string()),
  decoder: decoder.nullable(),
  /** The application's own MQTT credentials (shown when enableMQTT). */
  mqName: z.string(),
  mqURL: z.string(),
  mqPassword: z.string(),
  pushLinks: z.array(z.object({ pushUrl: z.string(), joinURL: z.string(), uplinkURL: z.string() })),
  updatetime: z.number(),
});
export type AppDetail = z.infer<typeof appDetail>;

/** Batch deletes are all or nothing: `failed` lists the ids refused and nothing is deleted. */
export const batchFailure = z.object({ id: z.string(), code: z.number(), reason: z.string() });
export type BatchFailure = z.infer<typeof batchFailure>;
