/** Business constants and limits (docs/product/, one page per area). */
export const NAME_MAX = 64;
export const REMARKS_MAX = 50;
export const GWTYPE_NAME_MAX = 20;
export const VERSION_NAME_MAX = 20;
export const HEADERS_MAX = 5;
/** Letters, digits, underscore, dash, dot and @ (user names, gateway type names). */
export const NAME_CHARS = /^[A-Za-z0-9_\-.@]+$/;
/** Letters, digits, underscore, dash, dot (file names). */
export const FILE_NAME_CHARS = /^[A-Za-z0-9_\-.]+$/;
export const UPLOAD_MAX_BYTES = 1024 * 1024;
export const FIRMWARE_MAX_BYTES = 65536;
export const DATA_EXPIRE_DAYS = { min: 1, max: 30, default: 7 } as const;
export const LIVE_ROWS = [10, 20, 30, 40, 50] as const;
export const LIVE_ROWS_DEFAULT = 30;
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_MS = 4_000;
export const DEFAULT_COLOR = '#666666';
/** The front-end version shown in the version popup. */
export const CONSOLE_VERSION = '4.0';
/** Applications a common user may own (admins are exempt); the APPS_PER_USER setting overrides it. */
export const APPS_PER_USER_DEFAULT = 100;
/** Decoder script changes a user may save per minute; DECODER_CHANGES_PER_MINUTE overrides it. */
export const DECODER_CHANGES_PER_MINUTE_DEFAULT = 10;
/**
 * What a payload decoder may return: nesting depth of objects and arrays, keys and elements in
 * total, and size as JSON. Anything larger becomes a decode error instead of a stored object.
 */
export const DECODED_OBJECT_LIMITS = { depth: 32, entries: 2048, bytes: 16 * 1024 } as const;
