import { describe, expect, it } from 'vitest';
import { auditListQuery, REDACTED, redactSecrets } from './audit';

describe('redactSecrets', () => {
  it('hides keys, passwords and tokens at any depth, whatever their case, and keeps the rest', () => {
    const input = {
      devEUI: '0102030405060708',
      appKey: '00112233445566778899aabbccddeeff',
      APPSKEY: 'aa'.repeat(16),
      nested: { nwkSKey: 'bb'.repeat(16), name: 'x', list: [{ password: 'p', keep: 1 }] },
      mqPassword: 'mq',
      apiToken: 'lns_x',
      digest: 'ticket',
    };
    expect(redactSecrets(input)).toEqual({
      devEUI: '0102030405060708',
      appKey: REDACTED,
      APPSKEY: REDACTED,
      nested: { nwkSKey: REDACTED, name: 'x', list: [{ password: REDACTED, keep: 1 }] },
      mqPassword: REDACTED,
      apiToken: REDACTED,
      digest: REDACTED,
    });
    // The input is not changed.
    expect(input.appKey).toBe('00112233445566778899aabbccddeeff');
  });

  it('keeps push header names but hides their values, in both header shapes', () => {
    expect(redactSecrets({ headers: { Authorization: 'Bearer s3cret', 'X-Key': 'k' } })).toEqual({
      headers: { Authorization: REDACTED, 'X-Key': REDACTED },
    });
    expect(redactSecrets({ headers: [{ key: 'Authorization', value: 'Bearer s3cret' }] })).toEqual({
      headers: [{ key: 'Authorization', value: REDACTED }],
    });
  });

  it('shows an absent secret as absent (null or empty), not as ***', () => {
    expect(redactSecrets({ appKey: null, password: '' })).toEqual({ appKey: null, password: '' });
  });
});

describe('auditListQuery', () => {
  it('treats empty filters as none and refuses an end before the start', () => {
    expect(auditListQuery.parse({ action: '', userName: ' ' })).toMatchObject({
      action: undefined,
      userName: undefined,
    });
    const bad = auditListQuery.safeParse({ startTime: '5', endTime: '4' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['endTime']);
  });
});
