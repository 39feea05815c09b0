import type { LicenseState, LicenseStatus } from '@lns/contract/license';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedProgress } from '../../../components/CaptionedProgress';
import { formatTime } from '../../../lib/format';

const STATE_COLOR: Record<LicenseState, 'success' | 'error' | 'warning' | 'default'> = {
  valid: 'success',
  invalid: 'error',
  expired: 'warning',
  none: 'default',
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minHeight: 32 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box data-testid={testId} sx={{ flexGrow: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** A quota and its use: a bar once licensed, the bare count when nothing is counted against. */
function Usage({ label, used, quota, testId }: { label: string; used: number; quota?: number; testId: string }) {
  const { t } = useTranslation('license');
  return (
    <Row label={label} testId={testId}>
      {quota === undefined ? (
        <Typography variant="body2">{t('inUse', { count: used })}</Typography>
      ) : (
        <CaptionedProgress
          value={quota > 0 ? (used / quota) * 100 : 100}
          caption={t('usedOf', { used, quota })}
          label={t('usageOf', { what: label })}
          // The bar takes what the row leaves: a fixed least width overflowed a 390 px screen.
          minWidth={0}
          captionWidth={96}
        />
      )}
    </Row>
  );
}

/** Mode and state of the license, what it names and allows, and how much is used. */
export function LicenseStatusView({ status: s }: { status: LicenseStatus }) {
  const { t } = useTranslation('license');
  const quotas = s.state === 'valid' || s.state === 'expired' ? (s.quotas ?? undefined) : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {s.mode === 'unlimited' ? (
        <Alert severity="info" data-testid="license-unlimited">
          {t('unlimited')}
        </Alert>
      ) : (
        s.state !== 'valid' && (
          <Alert severity={s.state === 'expired' ? 'warning' : 'error'} data-testid="license-alert">
            {t(`consequence.${s.state}`)}
            {s.problem && ` ${t(`problem.${s.problem}`, { nwID: s.nwID ?? '', netID: s.netID })}`}
          </Alert>
        )
      )}
      <Row label={t('field.mode')}>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Chip size="small" label={t(`mode.${s.mode}`)} data-testid="license-mode" />
          {s.mode === 'licensed' && (
            <Chip size="small" color={STATE_COLOR[s.state]} label={t(`state.${s.state}`)} data-testid="license-state" />
          )}
        </Box>
      </Row>
      {s.licensee !== null && (
        <Row label={t('field.licensee')} testId="license-licensee">
          {s.licensee}
        </Row>
      )}
      <Row label={t('field.nwID')} testId="license-nwid">
        {s.nwID ?? s.netID}
      </Row>
      {s.expiresAt !== null && (
        <Row label={t('field.expiresAt')} testId="license-expires">
          {formatTime(s.expiresAt)}
        </Row>
      )}
      <Usage label={t('field.devices')} used={s.usage.devices} quota={quotas?.devices} testId="license-devices" />
      <Usage label={t('field.gateways')} used={s.usage.gateways} quota={quotas?.gateways} testId="license-gateways" />
      <Row label={t('field.token')} testId="license-token-state">
        {t(s.tokenSet ? 'tokenSet' : 'tokenNotSet')}
      </Row>
    </Box>
  );
}
