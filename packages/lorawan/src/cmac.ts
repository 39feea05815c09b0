import { aesCbcZeroIv, aesEncrypt } from './aes';
import { type KeyLike, toKey } from './bytes';

const ZERO = Buffer.alloc(16);

function shiftLeftXor(b: Buffer): Buffer {
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) out[i] = ((b[i]! << 1) | (i < 15 ? b[i + 1]! >> 7 : 0)) & 0xff;
  if (b[0]! & 0x80) out[15] = out[15]! ^ 0x87;
  return out;
}

/**
 * K1 of each key seen lately (RFC 4493's first subkey, an AES of zeros under the key): a device's
 * key signs every uplink it sends, and a cipher made for the subkey was a third of the AES work of
 * an uplink. Cleared when full, so a flood of keys cannot grow it.
 */
const subkeys = new Map<string, Buffer>();
const SUBKEYS_MAX = 50_000;
function subkey1(k: Buffer): Buffer {
  const id = k.toString('hex');
  let k1 = subkeys.get(id);
  if (!k1) {
    k1 = shiftLeftXor(aesEncrypt(k, ZERO));
    if (subkeys.size >= SUBKEYS_MAX) subkeys.clear();
    subkeys.set(id, k1);
  }
  return k1;
}

/** AES-CMAC (RFC 4493): full 16-byte tag. */
export function cmac(key: KeyLike, msg: Uint8Array): Buffer {
  const k = toKey(key);
  const k1 = subkey1(k);
  const n = msg.length === 0 ? 1 : Math.ceil(msg.length / 16);
  const complete = msg.length > 0 && msg.length % 16 === 0;
  const buf = Buffer.alloc(n * 16);
  buf.set(msg);
  const last = (n - 1) * 16;
  if (complete) {
    for (let i = 0; i < 16; i++) buf[last + i] = buf[last + i]! ^ k1[i]!;
  } else {
    buf[msg.length] = 0x80;
    const k2 = shiftLeftXor(k1);
    for (let i = 0; i < 16; i++) buf[last + i] = buf[last + i]! ^ k2[i]!;
  }
  return aesCbcZeroIv(k, buf).subarray(last, last + 16);
}
