import type { CommandRecord } from '@lns/contract/gateway-commands';
import { formatHex } from '@lns/contract/hex';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { durationText } from '../recordColumns';
import { LazyJsonTree } from './LazyJsonTree';
import { ResultBody } from './ResultBody';
import { StateChip } from './StateChip';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {children}
    </Box>
  );
}

/** One record in full: who asked what when, what it was given, what came back or went wrong. */
export function RecordDetailDialog({ record, onClose }: { record: CommandRecord | null; onClose: () => void }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <AppDialog
      open={record !== null}
      onClose={onClose}
      title={record ? t(`kind.${record.cmdType}`) : ''}
      maxWidth="md"
      dialogProps={{ 'data-testid': 'record-detail' } as object}
    >
      {record && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <StatusList
            items={[
              { label: t('records.state'), value: <StateChip state={record.state} /> },
              { label: t('records.gateway'), value: formatHex(record.gatewayId) },
              { label: t('records.user'), value: record.userName },
              { label: t('records.time'), value: formatTime(record.createdAt) },
              { label: t('records.finished'), value: formatTime(record.finishedAt) },
              { label: t('records.duration'), value: durationText(t, record) },
              { label: t('records.token'), value: record.cToken },
            ]}
          />
          {record.error && (
            <Section title={t('records.error')}>
              <Alert severity="error" sx={{ overflowWrap: 'anywhere' }} data-testid="record-error">
                {record.error}
              </Alert>
            </Section>
          )}
          {record.extra && Object.keys(record.extra).length > 0 && (
            <Section title={t('records.extra')}>
              <LazyJsonTree data={record.extra} />
            </Section>
          )}
          {record.result !== null && record.result !== undefined && (
            <Section title={t('records.result')}>
              <ResultBody result={record.result} />
            </Section>
          )}
        </Box>
      )}
    </AppDialog>
  );
}
