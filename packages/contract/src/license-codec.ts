/**
 * The v1 license text (docs/protocols/license.md):
 *
 *   LNS1.<base64url(payload JSON bytes)>.<base64url(Ed25519 signature over those bytes)>
 *
 * Server and tools only (node:crypto); the console never verifies a license. Pure functions: the
 * time and the NetID a license is judged against are arguments.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { LICENSE_PREFIX, type LicensePayload, type LicenseProblem, licensePayload } from './license';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
/** DER prefix of an Ed25519 PKCS#8 private key; the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const B64URL = /^[A-Za-z0-9_-]+$/;

/** The key of LICENSE_PUBLIC_KEY: a PEM public key (`\n` may be written literally) or 32 raw bytes in base64. */
export function publicKeyFrom(textKey: string): KeyObject {
  const s = textKey.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  if (s.startsWith('-----BEGIN')) key = createPublicKey(s);
  else {
    const raw = Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (raw.length !== 32 || !/^[A-Za-z0-9+/_-]+=*$/.test(s)) {
      throw new Error('expected a PEM public key or 32 bytes in base64');
    }
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 key');
  return key;
}

/** The private key of a 32-byte seed (test vectors; tools/license uses PEM files). */
export function privateKeyFromSeed(seed: Buffer): KeyObject {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
}

/** The 32 raw bytes of an Ed25519 public key, in base64 (the short form of LICENSE_PUBLIC_KEY). */
export function rawPublicKey(key: KeyObject): string {
  const der = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519.length).toString('base64');
}

/** Signs a payload: the JSON bytes as given are what the signature covers. */
export function encodeLicense(payload: LicensePayload, privateKey: KeyObject): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, bytes, privateKey);
  return `${LICENSE_PREFIX}.${bytes.toString('base64url')}.${signature.toString('base64url')}`;
}

export type Decoded = { ok: true; payload: LicensePayload } | { ok: false; problem: LicenseProblem };

/**
 * Checks the text's form and signature and reads its payload. Whitespace anywhere is ignored
 * (a pasted license may be wrapped). The signature is checked before the payload is read, so
 * nothing of an unsigned text is believed.
 */
export function decodeLicense(textLicense: string, publicKey: KeyObject): Decoded {
  const parts = textLicense.replace(/\s+/g, '').split('.');
  if (parts.length !== 3) return { ok: false, problem: 'format' };
  const [prefix, body, sig] = parts as [string, string, string];
  if (prefix !== LICENSE_PREFIX) return { ok: false, problem: prefix.startsWith('LNS') ? 'version' : 'format' };
  if (!B64URL.test(body) || !B64URL.test(sig)) return { ok: false, problem: 'format' };
  const bytes = Buffer.from(body, 'base64url');
  const signature = Buffer.from(sig, 'base64url');
  // Ed25519 signatures are 64 bytes; anything else cannot verify (and must not throw).
  if (signature.length !== 64 || !verify(null, bytes, publicKey, signature)) return { ok: false, problem: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, problem: 'format' };
  }
  if (json && typeof json === 'object' && (json as { v?: unknown }).v !== 1) return { ok: false, problem: 'version' };
  const parsed = licensePayload.safeParse(json);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, problem: 'format' };
}

export type Judged =
  | { state: 'valid' | 'expired'; payload: LicensePayload }
  | { state: 'invalid'; problem: LicenseProblem; payload?: LicensePayload };

/** The license's state for this server (its NetID) at `now`: a signed license for another network is invalid. */
export function judgeLicense(
  textLicense: string,
  publicKey: KeyObject,
  server: { netId: string; now: number },
): Judged {
  const d = decodeLicense(textLicense, publicKey);
  if (!d.ok) return { state: 'invalid', problem: d.problem };
  if (d.payload.nwID.toLowerCase() !== server.netId.toLowerCase()) {
    return { state: 'invalid', problem: 'network', payload: d.payload };
  }
  return { state: server.now >= d.payload.expiresAt ? 'expired' : 'valid', payload: d.payload };
}
