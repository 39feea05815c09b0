/**
 * Relay (rhf3mr01) and ladtp (rhf3m485) devices: states, choices and the configuration ranges the
 * server and console share. The wire formats are docs/protocols/rhf3mr01.md and
 * docs/protocols/rhf3m485.md. Our decisions: delays (…Min, …Max) are milliseconds 1..2^32−1, steps
 * and counts 1..255 (hbDelaySteps and checkNetDelayTimeout in 10-minute units), and each Max must
 * exceed its Min; the ladtp timeout is 1..255 seconds on the wire, the console offers 6..20.
 */
import { z } from 'zod';
import { V } from './validation';

export const RELAY_STATUS = { ACTIVATED: 0, LOST: 1, ACTIVELY_UNBOUND: 2, AUTO_UNBOUND: 3, UNBINDING: 4 } as const;
export const RELAY_SLAVE_STATUS = { BOUND: 1, ACTIVELY_UNBOUND: 2, AUTO_UNBOUND: 3, UPDATING_CONFIG: 4 } as const;
export const RELAY_LINK = { RELAY: 1, GATEWAY: 2 } as const;
export const RELAY_WORK_MODE = { NON_RELAY: 0, HOST: 1, SLAVE: 2 } as const;
export const RELAY_BACKWARD_MODE = { CACHE: 0, STANDARD: 1, REPLAY: 2 } as const;
export const RELAY_UPGRADE_STATE = { WAITING: 0, UPGRADING: 1, COMPLETED: 2, ERROR: 3 } as const;

export const RELAY_U8_MAX = 255;
export const RELAY_U32_MAX = 4_294_967_295;

/** Each configuration field's range; the keys are the API's field names. */
export const RELAY_CONFIG_LIMITS = {
  joinDelayMin: { min: 1, max: RELAY_U32_MAX },
  joinDelayMax: { min: 1, max: RELAY_U32_MAX },
  joinDelaySteps: { min: 1, max: RELAY_U8_MAX },
  hbDelayMin: { min: 1, max: RELAY_U32_MAX },
  hbDelayMax: { min: 1, max: RELAY_U32_MAX },
  hbDelaySteps: { min: 1, max: RELAY_U8_MAX },
  checkNetDelayMin: { min: 1, max: RELAY_U32_MAX },
  checkNetDelayMax: { min: 1, max: RELAY_U32_MAX },
  checkNetDelaySteps: { min: 1, max: RELAY_U8_MAX },
  checkNetDelayNackMax: { min: 1, max: RELAY_U8_MAX },
  checkNetDelayTimeout: { min: 1, max: RELAY_U8_MAX },
} as const;
export type RelayConfigField = keyof typeof RELAY_CONFIG_LIMITS;

/** The pairs whose Max must exceed their Min. */
export const RELAY_MIN_MAX_PAIRS = [
  ['joinDelayMin', 'joinDelayMax'],
  ['hbDelayMin', 'hbDelayMax'],
  ['checkNetDelayMin', 'checkNetDelayMax'],
] as const;

/** The message of a field's range (contract V keys, translated by the console). */
const rangeMessage = (max: number) => (max === RELAY_U8_MAX ? V.relayU8 : V.relayU32);
const int = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const relayConfig = z
  .object(
    Object.fromEntries(
      Object.entries(RELAY_CONFIG_LIMITS).map(([k, r]) => [k, int(r.min, r.max, rangeMessage(r.max))]),
    ) as Record<RelayConfigField, z.ZodNumber>,
  )
  .superRefine((c, ctx) => {
    for (const [lo, hi] of RELAY_MIN_MAX_PAIRS) {
      if (c[hi] <= c[lo]) ctx.addIssue({ code: 'custom', path: [hi], message: V.relayMaxAboveMin });
    }
  });
export type RelayConfig = z.infer<typeof relayConfig>;

export const LADTP_BAUDRATES = [600, 1200, 2400, 4800, 9600, 14400, 19200, 38400, 57600, 115200, 230400] as const;
export const LADTP_PARITY = { NONE: 0, ODD: 1, EVEN: 2 } as const;
export const LADTP_DATABITS = [7, 8] as const;
/** What the console offers for the bus answer timeout, seconds. */
export const LADTP_TIMEOUT_CHOICES = [6, 8, 10, 12, 14, 16, 18, 20] as const;
export const LADTP_CONFIG_LIMITS = {
  period: { min: 1, max: 65_535 },
  timeout: { min: 1, max: RELAY_U8_MAX },
} as const;
export const LADTP_CONFIG_DEFAULTS = {
  period: 2,
  baudrate: 9600,
  parity: LADTP_PARITY.NONE,
  databits: 8,
  timeout: 6,
  isConfirmed: true,
  isReply: false,
  isSendTimeStap: false,
  isSubPacket: false,
} as const;

export const ladtpConfig = z.object({
  period: int(LADTP_CONFIG_LIMITS.period.min, LADTP_CONFIG_LIMITS.period.max, V.ladtpPeriod),
  baudrate: z
    .number({ error: V.baudrate })
    .refine((b) => (LADTP_BAUDRATES as readonly number[]).includes(b), V.baudrate),
  parity: int(0, 2, V.parity),
  databits: z
    .number({ error: V.databits })
    .refine((b) => (LADTP_DATABITS as readonly number[]).includes(b), V.databits),
  timeout: int(LADTP_CONFIG_LIMITS.timeout.min, LADTP_CONFIG_LIMITS.timeout.max, V.ladtpTimeout),
  isConfirmed: z.boolean(),
  isReply: z.boolean(),
  isSendTimeStap: z.boolean(),
  isSubPacket: z.boolean(),
});
export type LadtpConfig = z.infer<typeof ladtpConfig>;
