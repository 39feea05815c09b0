import { describe, expect, it } from 'vitest';
import { safeError } from './safe-error';

const KEY = '000102030405060708090a0b0c0d0e0f';

/** Shaped like node-postgres' DatabaseError for a unique violation on a key column. */
function databaseError() {
  return Object.assign(new Error('duplicate key value violates unique constraint "devices_session"'), {
    severity: 'ERROR',
    code: '23505',
    detail: `Key (dev_addr, nwk_s_key)=(26000001, ${KEY}) already exists.`,
    table: 'devices',
    constraint: 'devices_session',
    schema: 'public',
    routine: '_bt_check_unique',
    // PGlite repeats the statement and its parameters on the error.
    query: 'insert into devices values ($1, $2)',
    params: ['26000001', KEY],
  });
}

/** Shaped like Drizzle's wrapper around a driver error. */
function queryError() {
  const e = new Error(`Failed query: insert into devices values ($1, $2)\nparams: 26000001,${KEY}`, {
    cause: databaseError(),
  });
  return Object.assign(e, { query: 'insert into devices values ($1, $2)', params: ['26000001', KEY] });
}

describe('safeError', () => {
  it('logs a failed query by its database code, constraint and table, never its parameters', () => {
    const out = safeError(queryError());
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.message).toBe('Failed query');
    expect(out.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "devices_session"',
      code: '23505',
      constraint: 'devices_session',
      table: 'devices',
    });
    expect(out.stack).toMatch(/^ {4}at /);
  });

  it('keeps ordinary errors whole: message, stack, simple fields and causes', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1883'), { code: 'ECONNREFUSED', port: 1883 });
    const out = safeError(new Error('MQTT broker unreachable', { cause: inner }));
    expect(out).toMatchObject({ type: 'Error', message: 'MQTT broker unreachable' });
    expect(out.stack).toContain('MQTT broker unreachable');
    expect(out.cause).toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:1883',
      code: 'ECONNREFUSED',
      port: 1883,
    });
  });

  it('drops parameter and row fields from any error that carries them', () => {
    const e = Object.assign(new Error('wrapped'), { params: [KEY], detail: KEY, table: 'devices' });
    const out = safeError(e);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.table).toBe('devices');
  });
});
