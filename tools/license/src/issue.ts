/**
 * Key pairs and licenses (docs/protocols/license.md). The private key stays with whoever issues
 * licenses; servers get only the public key (LICENSE_PUBLIC_KEY).
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { endOfDayUtc, type LicensePayload, licensePayload } from '@lns/contract/license';
import { encodeLicense, rawPublicKey } from '@lns/contract/license-codec';

export interface KeyPair {
  /** PKCS#8 PEM: keep it secret. */
  privatePem: string;
  /** SPKI PEM: one form of LICENSE_PUBLIC_KEY. */
  publicPem: string;
  /** The 32 raw bytes in base64: the short form of LICENSE_PUBLIC_KEY. */
  publicRaw: string;
}

export function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicRaw: rawPublicKey(publicKey),
  };
}

/** An Ed25519 private key from PEM text; anything else is refused with a one-line reason. */
export function privateKeyFromPem(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

export interface IssueOptions {
  licensee: string;
  /** NetID, 6 hex digits (the server's NET_ID). */
  nwId: string;
  devices: number;
  gateways: number;
  /** Last day the license holds, YYYY-MM-DD (UTC): it expires at the end of that day. */
  expires: string;
  /** Issue time; now by default. */
  issuedAt?: number;
}

/** The payload of the options, checked by the same schema servers read it with. */
export function payloadOf(o: IssueOptions): LicensePayload {
  const expiresAt = endOfDayUtc(o.expires);
  if (expiresAt === undefined) throw new Error(`--expires ${o.expires}: expected a date YYYY-MM-DD`);
  const r = licensePayload.safeParse({
    v: 1,
    licensee: o.licensee,
    nwID: o.nwId.toLowerCase(),
    devices: o.devices,
    gateways: o.gateways,
    issuedAt: o.issuedAt ?? Date.now(),
    expiresAt,
  });
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${String(i.path[0] ?? 'license')}: ${i.message}`);
  }
  return r.data;
}

export const issueLicense = (o: IssueOptions, privateKey: KeyObject): string => encodeLicense(payloadOf(o), privateKey);
