import { createHash, randomBytes } from 'node:crypto';

/** Opaque session token; only its SHA-256 is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Long-lived API token shown in the user's detail; recognisable by its prefix. */
export const newApiToken = () => `lns_${randomBytes(24).toString('base64url')}`;
export const newSecret = (bytes = 12) => randomBytes(bytes).toString('base64url');
