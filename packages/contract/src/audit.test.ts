import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_TYPES, auditListQuery, REDACTED, redactSecrets } from './audit';
import { NAME_MAX } from './limits';

describe('redactSecrets', () => {
  it('hides keys, passwords and tokens at any depth, whatever their case, and keeps the rest', () => {
    const input = {
      devEUI: '0102030405060708',
      appKey: '00112233445566778899aabbccddeeff',
      APPSKEY: 'aa'.repeat(16),
      nested: { nwkSKey: 'bb'.repeat(16), name: 'x', list: [{ password: 'p', keep: 1 }] },
      mqPassword: 'mq',
      mqttPassword: 'gateway-mqtt',
      apiToken: 'lns_x',
      digest: 'ticket',
    };
    expect(redactSecrets(input)).toEqual({
      devEUI: '0102030405060708',
      appKey: REDACTED,
      APPSKEY: REDACTED,
      nested: { nwkSKey: REDACTED, name: 'x', list: [{ password: REDACTED, keep: 1 }] },
      mqPassword: REDACTED,
      mqttPassword: REDACTED,
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

describe('auditListQuery limits', () => {
  const refusedAt = (q: Record<string, unknown>) =>
    auditListQuery.safeParse(q).error?.issues.map((i) => i.path.join('.'));

  it('trims text filters and keeps each within its length', () => {
    expect(auditListQuery.parse({ userName: ' ops ', action: ' device. ' })).toMatchObject({
      userName: 'ops',
      action: 'device.',
    });
    for (const [field, max] of [
      ['userName', NAME_MAX],
      ['action', 64],
      ['entityType', 32],
      ['entityID', 200],
    ] as const) {
      expect(auditListQuery.parse({ [field]: 'x'.repeat(max) })[field]).toHaveLength(max);
      expect(refusedAt({ [field]: 'x'.repeat(max + 1) })).toEqual([field]);
    }
  });

  it('coerces user id and times from the query, refusing what is not one', () => {
    expect(auditListQuery.parse({ userID: '3', startTime: '0', endTime: '8640000000000000' })).toMatchObject({
      userID: 3,
      startTime: 0,
      endTime: 8.64e15,
    });
    expect(auditListQuery.parse({ startTime: '5', endTime: '5' })).toMatchObject({ startTime: 5, endTime: 5 });
    expect(refusedAt({ userID: '0' })).toEqual(['userID']);
    expect(refusedAt({ startTime: '-1' })).toEqual(['startTime']);
    expect(refusedAt({ endTime: '8640000000000001' })).toEqual(['endTime']);
    expect(refusedAt({ startTime: 'today' })).toEqual(['startTime']);
    expect(refusedAt({ outcome: 'maybe' })).toEqual(['outcome']);
    expect(auditListQuery.parse({ outcome: 'failure' }).outcome).toBe('failure');
  });

  it('offers each entity type once', () => {
    expect(new Set(AUDIT_ENTITY_TYPES).size).toBe(AUDIT_ENTITY_TYPES.length);
    expect(AUDIT_ENTITY_TYPES).toEqual(expect.arrayContaining(['device', 'gateway', 'session', 'user']));
  });
});
