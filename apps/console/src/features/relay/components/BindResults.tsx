import { formatHex } from '@lns/contract/hex';
import { validationKey } from '@lns/contract/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { validationText } from '../../../lib/form/messages';
import { ApiError } from '../../../lib/http';
import { codeMessage } from '../../../lib/refusal';

export interface BindOutcome {
  done: string[];
  failed: { id: string; code: number; reason: string }[];
}

/**
 * The per-slave results of a refused bind or unbind: the server refuses the whole call when one
 * slave cannot be taken (a device not joined, missing) and lists each in the envelope's data.
 */
export function refusedOutcome(e: unknown): BindOutcome | undefined {
  const data = e instanceof ApiError ? (e.envelope?.data as Partial<BindOutcome> | undefined) : undefined;
  return Array.isArray(data?.failed) ? { done: data.done ?? [], failed: data.failed } : undefined;
}

/**
 * A refused slave's text: its code's, and what was wrong when the reason is one of the contract's
 * messages (in the console's words; any other reason is the server's text, not shown, as for
 * every refusal: lib/refusal.ts).
 */
const failureText = (f: BindOutcome['failed'][number]) => {
  const key = validationKey(f.reason);
  return key ? `${codeMessage(f.code)} (${validationText(key)})` : codeMessage(f.code);
};

/** What a bind or unbind did: how many slaves it sent, and each refused one with its code's text. */
export function BindResults({ outcome, unbind }: { outcome: BindOutcome; unbind: boolean }) {
  const { t } = useTranslation('relay');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="bind-results">
      {outcome.done.length > 0 && (
        <Alert severity="success" data-testid="bind-done">
          {t(unbind ? 'unbindDone' : 'bindDone', { count: outcome.done.length })}
        </Alert>
      )}
      {outcome.failed.length > 0 && (
        <Alert severity="warning" data-testid="bind-failed">
          {t('bindFailed', { count: outcome.failed.length })}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {outcome.failed.map((f) => (
              <li key={f.id}>
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {formatHex(f.id)}
                </Box>
                : {failureText(f)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
