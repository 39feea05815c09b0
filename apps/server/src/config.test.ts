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
});
