import { DEVICE_MESSAGES } from '@lns/contract/devices';
import type { z } from 'zod';

const KEY_OF = new Map<string, string>(Object.entries(DEVICE_MESSAGES).map(([k, v]) => [v, k]));

/**
 * Field → i18n key (devices:validation.*) for the first zod issue of each field: contract
 * messages (DEVICE_MESSAGES) by their key, otherwise a generic one.
 */
export function issuesToKeys(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const field = String(i.path[0] ?? '');
    if (out[field]) continue;
    const key = KEY_OF.get(i.message);
    out[field] = key ? `validation.${key}` : i.code === 'too_big' ? 'validation.tooLong' : 'validation.format';
  }
  return out;
}
