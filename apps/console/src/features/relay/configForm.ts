import {
  LADTP_CONFIG_DEFAULTS,
  LADTP_PARITY,
  type LadtpConfig,
  RELAY_BACKWARD_MODE,
  RELAY_CONFIG_LIMITS,
  RELAY_MIN_MAX_PAIRS,
  RELAY_WORK_MODE,
  type RelayConfig,
  type RelayConfigField,
} from '@lns/contract/relay';
import { type LadtpConfigBody, type RelayConfigBody, relayConfigBody } from '@lns/contract/relay-api';
import { V } from '@lns/contract/validation';
import { z } from 'zod';

/**
 * The configuration forms hold what the user types (numbers as text) and mirror the body's
 * paths, so the contract schema's messages land on the field they are about.
 */
export const RELAY_FIELDS = Object.keys(RELAY_CONFIG_LIMITS) as RelayConfigField[];

/** The fields counted in 10-minute units; every other delay is milliseconds and steps are counts. */
const TEN_MINUTES: readonly RelayConfigField[] = ['hbDelaySteps', 'checkNetDelayTimeout'];
export const unitOf = (f: RelayConfigField): 'ms' | 'tenMin' | 'none' =>
  TEN_MINUTES.includes(f) ? 'tenMin' : /(Min|Max)$/.test(f) && f !== 'checkNetDelayNackMax' ? 'ms' : 'none';

/**
 * The contract's relay body as the form checks it. Zod skips an object's refinements once one of
 * its fields is missing, so the contract's Max>Min rule (its pairs, its message) runs here again on
 * the pairs both filled in: a blank field and a Max below its Min show at the same time.
 */
export const relayFormSchema = relayConfigBody.check(
  z.superRefine(
    (b, ctx) => {
      const c: Partial<Record<RelayConfigField, unknown>> = b.config ?? {};
      for (const [lo, hi] of RELAY_MIN_MAX_PAIRS) {
        const [min, max] = [c[lo], c[hi]];
        if (typeof min === 'number' && typeof max === 'number' && max <= min)
          ctx.addIssue({ code: 'custom', path: ['config', hi], message: V.relayMaxAboveMin });
      }
    },
    { when: () => true },
  ),
);

export interface RelayConfigForm {
  config: Record<RelayConfigField, string>;
  workMode: number;
  backwardMode: number;
}

/** Text → number for the body: blank stays missing (the schema says "required" in its words). */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

export const relayFormOf = (
  config: RelayConfig | null | undefined,
  modes: { workMode: number; backwardMode: number } | null | undefined,
): RelayConfigForm => ({
  config: Object.fromEntries(RELAY_FIELDS.map((f) => [f, config ? String(config[f]) : ''])) as Record<
    RelayConfigField,
    string
  >,
  workMode: modes?.workMode ?? RELAY_WORK_MODE.HOST,
  backwardMode: modes?.backwardMode ?? RELAY_BACKWARD_MODE.STANDARD,
});

export const relayBodyOf =
  (devEUI: string) =>
  (v: RelayConfigForm): Partial<RelayConfigBody> => ({
    devEUI,
    config: Object.fromEntries(RELAY_FIELDS.map((f) => [f, num(v.config[f] ?? '')])) as RelayConfigBody['config'],
    workMode: v.workMode,
    backwardMode: v.backwardMode,
  });

export interface LadtpConfigForm {
  config: Omit<LadtpConfig, 'period'> & { period: string };
}

export const ladtpFormOf = (config: LadtpConfig | null | undefined): LadtpConfigForm => {
  const c = config ?? LADTP_CONFIG_DEFAULTS;
  return { config: { ...c, period: String(c.period) } };
};

export const ladtpBodyOf =
  (devEUI: string) =>
  (v: LadtpConfigForm): Partial<LadtpConfigBody> => ({
    devEUI,
    config: { ...v.config, period: num(v.config.period) } as LadtpConfigBody['config'],
  });

/** Parity's name (none, odd, even), the key of its text. */
export const parityKey = (v: number) =>
  Object.entries(LADTP_PARITY)
    .find(([, n]) => n === v)?.[0]
    .toLowerCase() ?? 'none';
