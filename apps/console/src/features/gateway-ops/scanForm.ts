import {
  SCAN_FREQ_RANGE_HZ,
  SCAN_MAX_POINTS,
  SCAN_STEP_RANGE_HZ,
  type ScanRange,
  scanPointCount,
  scanStartBody,
} from '@lns/contract/gateway-commands';
import { i18n } from '../../lib/i18n';
import { mhzText, type ScanFormValues } from './scanDefaults';

type Field = keyof ScanFormValues;
const BODY_KEY = { min: 'frequencyMin', max: 'frequencyMax', step: 'frequencyStep' } as const;
const FIELD_OF: Record<string, Field> = { frequencyMin: 'min', frequencyMax: 'max', frequencyStep: 'step' };

/** Hz from what was typed in MHz; undefined when nothing was (the schema then says it is required). */
export function toHz(mhz: string): number | undefined {
  const s = mhz.trim();
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 1e6) : Number.NaN;
}

export interface ScanCheck {
  /** The range to send, when every rule of the contract holds. */
  range?: ScanRange;
  errors: Partial<Record<Field, string>>;
  /** How many frequencies the range covers, when it can be told. */
  points?: number;
}

const tr = (key: string, params?: Record<string, unknown>) => i18n.t(`gatewayOps:validation.${key}`, params);

/** The message of one issue of the contract's scan rules, bounds in MHz as the form shows them. */
function issueText(field: Field, code: string, points: number | undefined): string {
  if (code === 'invalid_type') return i18n.t('common:validation.number');
  if (code === 'custom')
    return field === 'max' ? tr('maxAboveMin') : tr('tooManyPoints', { max: SCAN_MAX_POINTS, points });
  const [lo, hi] = field === 'step' ? SCAN_STEP_RANGE_HZ : SCAN_FREQ_RANGE_HZ;
  return tr('rangeMhz', { min: mhzText(lo), max: mhzText(hi) });
}

/**
 * The scan form against the contract's body (scanStartBody): range limits, max above min, at most
 * SCAN_MAX_POINTS frequencies. Messages are the console's, by key.
 */
export function scanCheck(values: ScanFormValues, gatewayId: string): ScanCheck {
  const hz = { frequencyMin: toHz(values.min), frequencyMax: toHz(values.max), frequencyStep: toHz(values.step) };
  const counted =
    hz.frequencyMin !== undefined && hz.frequencyMax !== undefined && hz.frequencyStep
      ? scanPointCount(hz as ScanRange)
      : undefined;
  const points = counted !== undefined && Number.isFinite(counted) && counted > 0 ? counted : undefined;
  const parsed = scanStartBody.safeParse({ gatewayId, ...hz });
  if (parsed.success) {
    const { frequencyMin, frequencyMax, frequencyStep } = parsed.data;
    return { range: { frequencyMin, frequencyMax, frequencyStep }, errors: {}, points };
  }
  const errors: ScanCheck['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (!field) continue;
    errors[field] ??=
      hz[BODY_KEY[field]] === undefined ? i18n.t('common:validation.required') : issueText(field, issue.code, points);
  }
  return { errors, points };
}
