import { describe, expect, it } from 'vitest';
import { LADTP_CONFIG_DEFAULTS, ladtpConfig, RELAY_CONFIG_LIMITS, relayConfig } from './relay';

const config = {
  joinDelayMin: 1000,
  joinDelayMax: 60000,
  joinDelaySteps: 6,
  hbDelayMin: 30000,
  hbDelayMax: 3600000,
  hbDelaySteps: 6,
  checkNetDelayMin: 5000,
  checkNetDelayMax: 600000,
  checkNetDelaySteps: 10,
  checkNetDelayNackMax: 3,
  checkNetDelayTimeout: 12,
};

describe('relay configuration', () => {
  it('takes every field at both ends of its range', () => {
    for (const [k, r] of Object.entries(RELAY_CONFIG_LIMITS)) {
      const pairs = k.endsWith('Min') ? { [k.replace('Min', 'Max')]: r.max } : {};
      const low = k.endsWith('Max') ? { [k.replace('Max', 'Min')]: r.min, [k]: r.min + 1 } : { [k]: r.min };
      expect(relayConfig.safeParse({ ...config, ...pairs, ...low }).success, `${k} low`).toBe(true);
      const high = k.endsWith('Min') ? { [k]: r.max - 1 } : { [k]: r.max };
      expect(relayConfig.safeParse({ ...config, ...pairs, ...high }).success, `${k} high`).toBe(true);
      expect(relayConfig.safeParse({ ...config, [k]: r.min - 1 }).success, `${k} below`).toBe(false);
      expect(relayConfig.safeParse({ ...config, [k]: r.max + 1 }).success, `${k} above`).toBe(false);
    }
  });

  it('wants each maximum above its minimum', () => {
    const r = relayConfig.safeParse({ ...config, hbDelayMax: config.hbDelayMin });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['hbDelayMax']);
    expect(relayConfig.safeParse({ ...config, joinDelaySteps: 1.5 }).success).toBe(false);
  });
});

describe('ladtp configuration', () => {
  it('takes the defaults and the ends of the period', () => {
    expect(ladtpConfig.parse(LADTP_CONFIG_DEFAULTS)).toEqual(LADTP_CONFIG_DEFAULTS);
    expect(ladtpConfig.safeParse({ ...LADTP_CONFIG_DEFAULTS, period: 65535 }).success).toBe(true);
    for (const bad of [{ period: 0 }, { period: 65536 }, { baudrate: 9601 }, { parity: 3 }, { databits: 9 }]) {
      expect(ladtpConfig.safeParse({ ...LADTP_CONFIG_DEFAULTS, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
