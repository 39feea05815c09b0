/** The downloaded package against the server's size and SHA-256 (hex). */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Why the file is not the package, or null when it is. */
export async function mismatch(file: string, size: number, digest: string): Promise<string | null> {
  const have = statSync(file).size;
  if (have !== size) return `size ${have} bytes, expected ${size}`;
  const sum = await sha256Of(file);
  if (sum !== digest.trim().toLowerCase()) return `SHA-256 ${sum}, expected ${digest}`;
  return null;
}
