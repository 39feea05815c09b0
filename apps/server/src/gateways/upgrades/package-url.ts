import { createHmac, timingSafeEqual } from 'node:crypto';
import { gatewayPackageApi } from '@lns/contract/api/upgrades';

/** How long a signed package address stays valid (ms): a slow download may resume for a day. */
export const PACKAGE_URL_TTL_MS = 24 * 3_600_000;

/**
 * A package address signed for one gateway: HMAC-SHA256 over digest, gateway and expiry, keyed with
 * the gateway's MQTT password, which only the gateway and the server know. No other secret to keep
 * or share between instances.
 */
export const packageSignature = (key: string, digest: string, gwId: string, exp: number) =>
  createHmac('sha256', key).update(`${digest}:${gwId}:${exp}`).digest('base64url');

export function packageUrl(base: string, key: string, digest: string, gwId: string, now = Date.now()): string {
  const exp = now + PACKAGE_URL_TTL_MS;
  const path = gatewayPackageApi.download.path.replace(':digest', digest);
  const q = new URLSearchParams({ gw: gwId, exp: String(exp), sig: packageSignature(key, digest, gwId, exp) });
  return `${base.replace(/\/$/, '')}${path}?${q}`;
}

export function validSignature(key: string, digest: string, gwId: string, exp: number, sig: string): boolean {
  if (!key || exp < Date.now()) return false;
  const want = Buffer.from(packageSignature(key, digest, gwId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
