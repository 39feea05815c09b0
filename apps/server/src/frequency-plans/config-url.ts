import { createHmac, timingSafeEqual } from 'node:crypto';
import { pfConfApi } from '@lns/contract/api/frequency-plans';
import { PF_CONF_URL_TTL_MS } from '@lns/contract/frequency-plans';

/**
 * The address a gateway's agent downloads its configuration from: signed like a package address
 * (gateways/upgrades/package-url.ts), with the gateway's MQTT password, over the configuration's
 * SHA-256, the gateway and the expiry. The `pfconf:` prefix keeps one kind of signature from
 * opening the other kind's route.
 */
const signature = (key: string, sha256: string, gwId: string, exp: number) =>
  createHmac('sha256', key).update(`pfconf:${sha256}:${gwId}:${exp}`).digest('base64url');

export function configUrl(base: string, key: string, sha256: string, gwId: string, now = Date.now()) {
  const exp = now + PF_CONF_URL_TTL_MS;
  const path = pfConfApi.download.path.replace(':digest', sha256);
  const q = new URLSearchParams({ gw: gwId, exp: String(exp), sig: signature(key, sha256, gwId, exp) });
  return { url: `${base.replace(/\/$/, '')}${path}?${q}`, expiresAt: exp };
}

export function validConfigSignature(key: string, sha256: string, gwId: string, exp: number, sig: string): boolean {
  if (!key || exp < Date.now()) return false;
  const want = Buffer.from(signature(key, sha256, gwId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
