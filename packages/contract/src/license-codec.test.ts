import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endOfDayUtc, licenseUpdateBody } from './license';
import {
  decodeLicense,
  encodeLicense,
  judgeLicense,
  privateKeyFromSeed,
  publicKeyFrom,
  rawPublicKey,
} from './license-codec';

// The test vector of docs/protocols/license.md (the seed is RFC 8032's first test key).
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PUBLIC_KEY = '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=';
const PAYLOAD = {
  v: 1 as const,
  licensee: 'Example Networks',
  nwID: '000013',
  devices: 1000,
  gateways: 10,
  issuedAt: 1767225600000,
  expiresAt: 1830297600000,
};
const LICENSE =
  'LNS1.eyJ2IjoxLCJsaWNlbnNlZSI6IkV4YW1wbGUgTmV0d29ya3MiLCJud0lEIjoiMDAwMDEzIiwiZGV2aWNlcyI6MTAwMCwiZ2F0ZXdheXMiOjEwLCJpc3N1ZWRBdCI6MTc2NzIyNTYwMDAwMCwiZXhwaXJlc0F0IjoxODMwMjk3NjAwMDAwfQ.D3IVYLBPwFbOS2G4ThF7NI7Qtfe0gw5ZEpi17XewlDoDgwH6-gzADZkhFbI72_CHG-GuIhNuajBYRPxgISkoBA';

const key = privateKeyFromSeed(Buffer.from(SEED, 'hex'));
const pub = publicKeyFrom(PUBLIC_KEY);
const server = { netId: '000013', now: Date.UTC(2027, 5, 1) };

describe('license v1 codec', () => {
  it('matches the documented vector both ways', () => {
    expect(rawPublicKey(key)).toBe(PUBLIC_KEY);
    expect(encodeLicense(PAYLOAD, key)).toBe(LICENSE);
    expect(judgeLicense(LICENSE, pub, server)).toEqual({ state: 'valid', payload: PAYLOAD });
  });

  it('reads a license built by hand from the document, not by our encoder', () => {
    const bytes = Buffer.from(
      '{"v":1,"licensee":"Hand","nwID":"00001A","devices":5,"gateways":1,"issuedAt":0,"expiresAt":9e12}',
    );
    const text = `LNS1.${bytes.toString('base64url')}.${sign(null, bytes, key).toString('base64url')}`;
    const judged = judgeLicense(text, pub, { netId: '00001a', now: 0 });
    expect(judged).toMatchObject({ state: 'valid', payload: { licensee: 'Hand', devices: 5, gateways: 1 } });
  });

  it('ignores whitespace a pasted license gained', () => {
    const wrapped = `  ${LICENSE.slice(0, 40)}\n${LICENSE.slice(40, 120)}\r\n ${LICENSE.slice(120)}\n`;
    expect(decodeLicense(wrapped, pub)).toEqual({ ok: true, payload: PAYLOAD });
  });

  it('refuses a tampered payload or signature', () => {
    const [p, body, sig] = LICENSE.split('.') as [string, string, string];
    const more = Buffer.from(JSON.stringify({ ...PAYLOAD, gateways: 1000 })).toString('base64url');
    expect(decodeLicense(`${p}.${more}.${sig}`, pub)).toEqual({ ok: false, problem: 'signature' });
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(decodeLicense(`${p}.${body}.${flipped}`, pub)).toEqual({ ok: false, problem: 'signature' });
    expect(decodeLicense(`${p}.${body}.${sig.slice(0, -4)}`, pub)).toEqual({ ok: false, problem: 'signature' });
    expect(decodeLicense(`${p}.${body}.AAAA`, pub)).toEqual({ ok: false, problem: 'signature' });
  });

  it('refuses a license signed by another key', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(judgeLicense(encodeLicense(PAYLOAD, other), pub, server)).toEqual({
      state: 'invalid',
      problem: 'signature',
    });
  });

  it('says expired from expiresAt on, and invalid for another NetID', () => {
    expect(judgeLicense(LICENSE, pub, { ...server, now: PAYLOAD.expiresAt - 1 }).state).toBe('valid');
    expect(judgeLicense(LICENSE, pub, { ...server, now: PAYLOAD.expiresAt })).toEqual({
      state: 'expired',
      payload: PAYLOAD,
    });
    expect(judgeLicense(LICENSE, pub, { ...server, netId: '000014' })).toEqual({
      state: 'invalid',
      problem: 'network',
      payload: PAYLOAD,
    });
  });

  it('tells a broken form, another version and a bad payload apart', () => {
    for (const text of ['', 'LNS1', 'LNS1.a', 'a.b.c.d', 'LNS1..AA', 'XYZ.a.b', 'LNS1.@@.AA'])
      expect(decodeLicense(text, pub)).toEqual({ ok: false, problem: 'format' });
    expect(decodeLicense(LICENSE.replace('LNS1', 'LNS2'), pub)).toEqual({ ok: false, problem: 'version' });
    const signed = (json: string) => {
      const bytes = Buffer.from(json);
      return `LNS1.${bytes.toString('base64url')}.${sign(null, bytes, key).toString('base64url')}`;
    };
    expect(decodeLicense(signed('not json'), pub)).toEqual({ ok: false, problem: 'format' });
    expect(decodeLicense(signed(JSON.stringify({ ...PAYLOAD, v: 2 })), pub)).toEqual({ ok: false, problem: 'version' });
    expect(decodeLicense(signed(JSON.stringify({ ...PAYLOAD, devices: -1 })), pub)).toEqual({
      ok: false,
      problem: 'format',
    });
    expect(decodeLicense(signed(JSON.stringify({ ...PAYLOAD, nwID: '13' })), pub)).toEqual({
      ok: false,
      problem: 'format',
    });
  });

  it('takes the public key as PEM (with literal \\n) or raw base64, and nothing else', () => {
    const pem = pub.export({ format: 'pem', type: 'spki' }).toString();
    expect(rawPublicKey(publicKeyFrom(pem))).toBe(PUBLIC_KEY);
    expect(rawPublicKey(publicKeyFrom(pem.replace(/\n/g, '\\n')))).toBe(PUBLIC_KEY);
    expect(rawPublicKey(publicKeyFrom(Buffer.from(PUBLIC_KEY, 'base64').toString('base64url')))).toBe(PUBLIC_KEY);
    expect(() => publicKeyFrom('abc')).toThrow(/32 bytes/);
    expect(() => publicKeyFrom(Buffer.alloc(31).toString('base64'))).toThrow(/32 bytes/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' });
    expect(() => publicKeyFrom(rsa.toString())).toThrow(/Ed25519/);
  });

  it('reads an expiry date as the end of that UTC day', () => {
    expect(endOfDayUtc('2027-12-31')).toBe(PAYLOAD.expiresAt);
    expect(endOfDayUtc('2027-02-30')).toBeUndefined();
    expect(endOfDayUtc('31.12.2027')).toBeUndefined();
  });

  it('wants a license and a token of 16 characters at least', () => {
    const issues = (b: unknown) => {
      const r = licenseUpdateBody.safeParse(b);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ license: LICENSE, token: 't'.repeat(16) })).toEqual([]);
    expect(issues({ license: ' ', token: 't'.repeat(16) })).toEqual(['license: license cannot be empty']);
    expect(issues({ license: LICENSE, token: '' })[0]).toBe('token: token cannot be empty');
    expect(issues({ license: LICENSE, token: 'short' })).toEqual(['token: token is at least 16 characters']);
    expect(issues({ license: 'a\u0000', token: 't'.repeat(16) })).toHaveLength(1);
  });
});
