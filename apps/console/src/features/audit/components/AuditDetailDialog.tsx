import type { AuditRow } from '@lns/contract/audit';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { formatTime } from '../../../lib/format';
import { codeMessage } from '../../../lib/http';
import { entityLabel } from '../labels';

// react-json-view-lite loads only when an entry is opened.
const JsonTree = lazy(() => import('../../../components/JsonTree'));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

function JsonSection({ title, data, testId }: { title: string; data: unknown; testId: string }) {
  return (
    <Box sx={{ flex: '1 1 260px', minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Suspense fallback={<CircularProgress size={20} />}>
        <JsonTree data={data} />
      </Suspense>
    </Box>
  );
}

/** One audit entry: who, from where, what, the outcome, and before/after or the request body. */
export function AuditDetailDialog({ entry, onClose }: { entry: AuditRow | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const e = entry;
  const changed = e && (e.before !== null || e.after !== null);
  return (
    <AppDialog
      open={e !== null}
      onClose={onClose}
      title={t('detail')}
      maxWidth="md"
      dialogProps={{ 'aria-label': t('detail') }}
    >
      {e && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="audit-detail">
          <Box>
            <Field label={t('time')}>{formatTime(e.createtime)}</Field>
            <Field label={t('user')}>{e.userID === null ? e.userName : `${e.userName} (${e.userID})`}</Field>
            <Field label={t('clientIP')}>{e.clientIP}</Field>
            <Field label={t('request')}>{`${e.method} ${e.route}`}</Field>
            <Field label={t('action')}>{e.action}</Field>
            <Field label={t('entity')}>{[entityLabel(t, e.entityType), e.entityID].filter(Boolean).join(' ')}</Field>
            <Field label={t('code')}>{`${e.code} ${codeMessage(e.code)}`}</Field>
          </Box>
          {changed && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <JsonSection title={t('before')} data={e.before} testId="audit-before" />
              <JsonSection title={t('after')} data={e.after} testId="audit-after" />
            </Box>
          )}
          {e.request !== null ? (
            <JsonSection title={t('body')} data={e.request} testId="audit-body" />
          ) : (
            !changed && (
              <Typography variant="body2" color="text.secondary">
                {t('noBody')}
              </Typography>
            )
          )}
          <Typography variant="caption" color="text.secondary">
            {t('secretsHidden')}
          </Typography>
        </Box>
      )}
    </AppDialog>
  );
}
