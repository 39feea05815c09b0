import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appCreateBody } from './applications';
import { resetFcntBody } from './devices';
import { gatewayTagCreateBody } from './gateway-tags';
import { gatewayCreateBody } from './gateways';
import { userCreateBody } from './users';
import { V, validationKey } from './validation';

const messages = (r: { success: boolean; error?: z.ZodError }) => (r.error?.issues ?? []).map((i) => i.message);

describe('validation messages', () => {
  it('gives every message its own text, so a text names one key', () => {
    const texts = Object.values(V);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [key, text] of Object.entries(V)) expect(validationKey(text)).toBe(key);
    expect(validationKey('Invalid input')).toBeUndefined();
  });

  it('is what the schemas say when they refuse a value', () => {
    expect(messages(userCreateBody.safeParse({ name: ' ', password: '', admin: 0 }))).toEqual([
      V.userNameEmpty,
      V.nameChars,
      V.passwordEmpty,
    ]);
    expect(messages(appCreateBody.safeParse({ appName: 'a', pushUrls: ['ftp://x'], headers: { host: 'h' } }))).toEqual([
      V.httpUrl,
      V.headerForbidden,
    ]);
    expect(messages(gatewayTagCreateBody.safeParse({ tags: ['a', 'a'] }))).toEqual([V.tagsDuplicate]);
    const gw = gatewayCreateBody.safeParse({
      gwID: '12',
      gwName: '',
      region: 'eu868',
      subnet: 's',
      gwType: 't',
      txPower: 0,
    });
    expect(messages(gw)).toEqual([V.hex16, V.gwNameEmpty]);
  });

  it('says a frame counter is empty rather than badly formed when nothing was given', () => {
    const devEUI = '70b3d57ed0000001';
    expect(messages(resetFcntBody.safeParse({ devEUI, fCntUp: '', fCntDown: 'x' }))).toEqual([
      V.fCntEmpty,
      V.fCntFormat,
    ]);
  });
});
