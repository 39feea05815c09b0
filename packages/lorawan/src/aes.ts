import { createCipheriv, createDecipheriv } from 'node:crypto';
import { type KeyLike, toKey } from './bytes';

/** AES-128-ECB encryption of whole 16-byte blocks (no padding). */
export function aesEncrypt(key: KeyLike, data: Uint8Array): Buffer {
  const c = createCipheriv('aes-128-ecb', toKey(key), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}

/** AES-128-ECB decryption of whole 16-byte blocks (no padding). */
export function aesDecrypt(key: KeyLike, data: Uint8Array): Buffer {
  const d = createDecipheriv('aes-128-ecb', toKey(key), null);
  d.setAutoPadding(false);
  return Buffer.concat([d.update(data), d.final()]);
}

/** AES-128-CBC with a zero IV over whole blocks; used to run CMAC's CBC chain in one call. */
export function aesCbcZeroIv(key: KeyLike, data: Uint8Array): Buffer {
  const c = createCipheriv('aes-128-cbc', toKey(key), Buffer.alloc(16));
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}
