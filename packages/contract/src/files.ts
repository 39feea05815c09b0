/**
 * The file store (docs/product/files.md): firmware images and, later, gateway packages and
 * configuration files. Our decisions:
 * - A file is named by the SHA-256 of its content (lowercase hex); `digest` is that value, computed
 *   by the uploader and checked by the server (6004 when it differs, 6001 when it is missing on
 *   /api/fileupload). The same content twice is stored once (6002, with the stored file's reference).
 * - Uploads and downloads are for admins: everything the store serves today (firmware, platform
 *   files) is an admin's.
 */
import { z } from 'zod';
import { API_ROOT } from './endpoint';
import { FILE_NAME_CHARS, UPLOAD_MAX_BYTES } from './limits';

export const FILE_DIGEST_HEX = 64;
export const FILE_NAME_MAX = 128;
/** Uploads larger than this are refused (HTTP 413, 6101); 1 MB by default. */
export const FILE_MAX_BYTES = UPLOAD_MAX_BYTES;

const DIGEST = /^[0-9a-f]{64}$/;
export const isDigest = (s: string): boolean => DIGEST.test(s);
export const isFileName = (s: string): boolean => s.length <= FILE_NAME_MAX && FILE_NAME_CHARS.test(s);

/** The reference the store answers with: the file's download path (GET, admin, Range supported). */
export const fileUrlOf = (digest: string): string => `${API_ROOT}/file/${digest}`;
/** The digest inside a reference from fileUrlOf, or undefined for anything else. */
export function digestOfFileUrl(url: string): string | undefined {
  const prefix = `${API_ROOT}/file/`;
  if (!url.startsWith(prefix)) return undefined;
  const d = url.slice(prefix.length);
  return isDigest(d) ? d : undefined;
}

export const digestField = z.string().regex(DIGEST, 'digest must be the 64 hex digits of the file’s SHA-256');
export const fileDigestParams = z.object({ digest: digestField });

export const storedFile = z.object({
  fileUrl: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  digest: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** SHA-256 of a file as lowercase hex, in the browser or Node (Web Crypto). */
export async function sha256Hex(data: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
