import { checkInt, fail } from './errors';

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

/** Hex string (no separators) → Buffer; `bytes` enforces an exact length. */
export function fromHex(hex: string, bytes?: number, name = 'value'): Buffer {
  if (typeof hex !== 'string' || !HEX_RE.test(hex)) fail('BAD_HEX', `${name} is not an even-length hex string`);
  if (bytes !== undefined && hex.length !== bytes * 2) {
    fail('BAD_HEX', `${name} must be ${bytes} bytes (${bytes * 2} hex chars), got ${hex.length} chars`);
  }
  return Buffer.from(hex, 'hex');
}

/** Bytes → lowercase hex. */
export const toHex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

/** Bytes → lowercase hex of the reversed bytes (wire little-endian → human big-endian). */
export function toHexReversed(b: Uint8Array): string {
  const out = Buffer.allocUnsafe(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b[b.length - 1 - i]!;
  return out.toString('hex');
}

/** Big-endian hex (as humans write EUIs, DevAddr, NetID) → little-endian wire bytes. */
export function fromHexReversed(hex: string, bytes: number, name = 'value'): Buffer {
  return fromHex(hex, bytes, name).reverse();
}

/** A 128-bit key given as hex or bytes. */
export type KeyLike = string | Uint8Array;

export function toKey(key: KeyLike, name = 'key'): Buffer {
  if (typeof key === 'string') return fromHex(key, 16, name);
  if (!(key instanceof Uint8Array) || key.length !== 16) fail('BAD_KEY', `${name} must be 16 bytes`);
  return Buffer.isBuffer(key) ? key : Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

export const asBuffer = (b: Uint8Array): Buffer =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Little-endian unsigned integer of `n` bytes (n ≤ 4). */
export function readUintLE(b: Uint8Array, off: number, n: number): number {
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + b[off + i]!;
  return v;
}

export function writeUintLE(b: Uint8Array, off: number, n: number, v: number): void {
  for (let i = 0; i < n; i++) {
    b[off + i] = v & 0xff;
    v = Math.floor(v / 256);
  }
}

/** 24-bit frequency field in units of 100 Hz (MAC commands, CFList). */
export function readFreq(b: Uint8Array, off: number): number {
  return readUintLE(b, off, 3) * 100;
}

export function writeFreq(b: Uint8Array, off: number, hz: number, name = 'frequency'): void {
  checkInt(name, hz, 0, 0xffffff * 100);
  if (hz % 100 !== 0) fail('BAD_FIELD', `${name} must be a multiple of 100 Hz, got ${hz}`);
  writeUintLE(b, off, 3, hz / 100);
}

/** Hex string of a DevAddr / NetID etc. with a check on its length. */
export function checkHex(name: string, hex: string, bytes: number): string {
  fromHex(hex, bytes, name);
  return hex.toLowerCase();
}
