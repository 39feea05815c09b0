import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { CAPTCHA, captchaCheckBody, loginBody } from './auth';
import { accessOf } from './roles';

describe('sign-in body', () => {
  const ok = { name: 'admin', password: 'secret' };

  it('trims the name but never the password', () => {
    expect(loginBody.parse({ name: ' admin ', password: ' secret ' })).toEqual({ name: 'admin', password: ' secret ' });
  });

  it('keeps name, password and ticket within their lengths', () => {
    expect(
      loginBody.safeParse({ name: 'n'.repeat(64), password: 'p'.repeat(128), digest: 'd'.repeat(128) }).success,
    ).toBe(true);
    expect(issues(loginBody, { ...ok, name: 'n'.repeat(65) })).toMatchObject([{ path: 'name', code: 'too_big' }]);
    expect(issues(loginBody, { ...ok, password: 'p'.repeat(129) })).toMatchObject([
      { path: 'password', code: 'too_big' },
    ]);
    expect(issues(loginBody, { ...ok, digest: 'd'.repeat(129) })).toMatchObject([{ path: 'digest', code: 'too_big' }]);
    expect(issues(loginBody, { ...ok, name: '  ' })).toMatchObject([{ path: 'name', code: 'too_small' }]);
    expect(issues(loginBody, { ...ok, password: '' })).toMatchObject([{ path: 'password', code: 'too_small' }]);
  });

  it('coerces the time stamp and refuses a non-string name', () => {
    expect(loginBody.parse({ ...ok, timeStamp: '1700000000000' }).timeStamp).toBe(1_700_000_000_000);
    expect(issues(loginBody, { ...ok, timeStamp: 'now' })).toMatchObject([{ path: 'timeStamp' }]);
    expect(issues(loginBody, { ...ok, name: ['admin'] })).toMatchObject([{ path: 'name', code: 'invalid_type' }]);
  });

  it('gives admins the admin and user access, others the user access', () => {
    expect(accessOf(1)).toEqual(['admin', 'user', 'fuota']);
    expect(accessOf(0)).toEqual(['user']);
  });
});

describe('captcha check body', () => {
  it('takes x from 0 to the image width and a track of up to trackSamples triples', () => {
    const track = Array.from({ length: CAPTCHA.trackSamples }, (_, i) => [i % CAPTCHA.width, 3, i * 5]);
    expect(captchaCheckBody.parse({ id: 'c1', x: CAPTCHA.width, track }).track).toHaveLength(CAPTCHA.trackSamples);
    expect(captchaCheckBody.parse({ id: 'c1', x: 0 }).track).toEqual([]);
    expect(issues(captchaCheckBody, { id: 'c1', x: CAPTCHA.width + 1 })).toMatchObject([
      { path: 'x', code: 'too_big' },
    ]);
    expect(issues(captchaCheckBody, { id: 'c1', x: -1 })).toMatchObject([{ path: 'x', code: 'too_small' }]);
    expect(issues(captchaCheckBody, { id: 'c1', x: 1, track: [...track, [0, 0, 0]] })).toMatchObject([
      { path: 'track', code: 'too_big' },
    ]);
  });

  it('refuses samples that are not three numbers, and ids outside 1 to 64 characters', () => {
    expect(issues(captchaCheckBody, { id: 'c1', x: 1, track: [[1, 2]] })).toMatchObject([{ path: 'track.0' }]);
    expect(issues(captchaCheckBody, { id: 'c1', x: 1, track: [[1, 2, '3']] })).toMatchObject([{ path: 'track.0.2' }]);
    expect(issues(captchaCheckBody, { id: 'i'.repeat(65), x: 1 })).toMatchObject([{ path: 'id', code: 'too_big' }]);
    expect(issues(captchaCheckBody, { id: '', x: 1 })).toMatchObject([{ path: 'id', code: 'too_small' }]);
  });
});
