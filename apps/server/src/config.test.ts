import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('reads ADR_MARGIN as dB or off, and names it when it is neither', () => {
    expect(loadConfig({}).ADR_MARGIN).toBe(10);
    expect(loadConfig({ ADR_MARGIN: '5.5' }).ADR_MARGIN).toBe(5.5);
    expect(loadConfig({ ADR_MARGIN: 'off' }).ADR_MARGIN).toBe('off');
    expect(() => loadConfig({ ADR_MARGIN: 'loud' })).toThrow(/invalid ADR_MARGIN="loud"/);
    expect(() => loadConfig({ ADR_MARGIN: '31' })).toThrow(/invalid ADR_MARGIN="31"/);
  });

  it('reads the relay answer wait (default 3 s) and names a bad one', () => {
    expect(loadConfig({}).RELAY_ANSWER_WAIT_MS).toBe(3000);
    expect(loadConfig({ RELAY_ANSWER_WAIT_MS: '0' }).RELAY_ANSWER_WAIT_MS).toBe(0);
    for (const bad of ['-1', 'soon', '600001'])
      expect(() => loadConfig({ RELAY_ANSWER_WAIT_MS: bad }), bad).toThrow(/invalid RELAY_ANSWER_WAIT_MS/);
  });

  it('reads the tenant limits and push networks, and names a bad value', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PUSH_ALLOW_PRIVATE: false, PUSH_ALLOWED_NETWORKS: [], APPS_PER_USER: 100 });
    expect(c.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ PUSH_ALLOWED_NETWORKS: '10.0.0.0/8, fd00::/8,192.168.1.7' }).PUSH_ALLOWED_NETWORKS).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
    for (const bad of ['10.0.0.0/33', 'lan', '10.0.0.0/8/1', 'fd00::/129'])
      expect(() => loadConfig({ PUSH_ALLOWED_NETWORKS: bad }), bad).toThrow(/invalid PUSH_ALLOWED_NETWORKS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/invalid METRICS_TOKEN="short"/);
    expect(() => loadConfig({ APPS_PER_USER: '0' })).toThrow(/invalid APPS_PER_USER/);
    expect(() => loadConfig({ DECODER_THREADS: 'many' })).toThrow(/invalid DECODER_THREADS/);
  });

  it('reads the embedded database settings and names a bad one', () => {
    expect(loadConfig({})).toMatchObject({ PGLITE_THREAD: 'worker', PGLITE_SHARED_BUFFERS: '16MB' });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB' }).PGLITE_SHARED_BUFFERS).toBe('256MB');
    for (const bad of ['16', '16mb', '0MB', '1TB', '16MB;'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(/invalid PGLITE_SHARED_BUFFERS/);
  });

  it('reads the outbox limits and names a bad one', () => {
    expect(loadConfig({}).OUTBOX_MAX_ATTEMPTS).toBe(20);
    expect(loadConfig({}).OUTBOX_MAX_AGE_HOURS).toBe(24);
    expect(loadConfig({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_MAX_AGE_HOURS: '0.5' })).toMatchObject({
      OUTBOX_MAX_ATTEMPTS: 3,
      OUTBOX_MAX_AGE_HOURS: 0.5,
    });
    expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/invalid OUTBOX_MAX_ATTEMPTS="0"/);
    expect(() => loadConfig({ OUTBOX_MAX_AGE_HOURS: 'forever' })).toThrow(/invalid OUTBOX_MAX_AGE_HOURS="forever"/);
  });

  it.each([
    ['ADR_MARGIN', 'abc', 'expected off or a number from 0 to 30'],
    ['RX_WINDOW', 'late', 'expected auto, rx1 or rx2'],
    ['PORT', '99999', 'expected an integer from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'expected fatal, error, warn, info, debug, trace or silent'],
    ['DECODER_THREADS', 'many', 'expected an integer from 1 to 64'],
  ])('says what %s accepts when given %j', (name, value, valid) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`invalid ${name}="${value}": ${valid}`);
  });
});
