import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { StatusList } from '../../../../components/StatusList';
import type { StatusOf } from '../../api';
import { dash, enumText, formatUptime, reported } from './format';
import { StatusCard } from './StatusCard';
import { UsageBar } from './UsageBar';

export const USAGES = ['cpuUsage', 'memUsage', 'rootDiskUsage', 'logDiskUsage'] as const;

/** CPU, memory and disks as bars; temperature, reset source, log, load and uptime as rows. */
export function SystemCard({ system, uptime }: { system: StatusOf<'system'> | undefined; uptime?: number | null }) {
  const { t } = useTranslation('gateways');
  const s = system;
  return (
    <StatusCard title={t('report.system')} reportedAt={s?.updatedAt} empty={!reported(s)} testId="gw-status-system">
      {s && (
        <>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3 }}
          >
            {USAGES.map((k) => (
              <UsageBar key={k} label={t(`report.${k}`)} value={s[k]} testId={`gw-usage-${k}`} />
            ))}
          </Box>
          <StatusList
            items={[
              {
                label: t('report.temperature'),
                value: typeof s.temperature === 'number' ? `${s.temperature} °C` : t('status.notReadable'),
              },
              { label: t('report.resetSource'), value: enumText(t, 'resetSource', s.resetSource) },
              { label: t('status.logName'), value: dash(s.logName) },
              { label: t('status.logSize'), value: typeof s.logSize === 'number' ? `${s.logSize} KB` : '—' },
              { label: t('status.load'), value: s.load?.length ? s.load.map((n) => n.toFixed(2)).join(' / ') : '—' },
              { label: t('status.uptime'), value: typeof uptime === 'number' ? formatUptime(uptime, t) : '—' },
            ]}
          />
        </>
      )}
    </StatusCard>
  );
}
