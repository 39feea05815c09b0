import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/EChart';
import { StatusList } from '../../../../components/StatusList';
import { formatTime } from '../../../../lib/format';
import type { StatusOf } from '../../api';
import { StatusCard } from './StatusCard';

type Frames = StatusOf<'frame'>;

/** The hourly bars of the last 24 h: uplinks and downlinks side by side, hours as HH:00. */
export function framesOption(hourly: Frames['hourly'], labels: { up: string; down: string }) {
  const hour = (ms: number) => `${String(new Date(ms).getHours()).padStart(2, '0')}:00`;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.up, labels.down] },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: hourly.map((h) => hour(h.hour)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: labels.up, type: 'bar', data: hourly.map((h) => h.up) },
      { name: labels.down, type: 'bar', data: hourly.map((h) => h.down) },
    ],
  };
}

/** Frames heard and sent in the last 24 h: counts, last of each, and a small bar chart per hour. */
export function FramesCard({ frames, at }: { frames: Frames | undefined; at?: number }) {
  const { t } = useTranslation('gateways');
  const f = frames;
  const option = useMemo(
    () => (f ? framesOption(f.hourly, { up: t('status.uplinks'), down: t('status.downlinks') }) : null),
    [f, t],
  );
  const none = f ? f.uplinks24h + f.downlinks24h === 0 : true;
  return (
    <StatusCard
      title={t('status.frames')}
      caption={at ? t('status.updatedAt', { time: formatTime(at) }) : undefined}
      testId="gw-status-frames"
    >
      {f && (
        <>
          <StatusList
            items={[
              { label: t('status.uplinks24h'), value: f.uplinks24h },
              { label: t('status.downlinks24h'), value: f.downlinks24h },
              { label: t('status.lastUplink'), value: f.lastUplink ? formatTime(f.lastUplink) : '—' },
              { label: t('status.lastDownlink'), value: f.lastDownlink ? formatTime(f.lastDownlink) : '—' },
            ]}
          />
          {none ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="gw-frames-none">
              {t('status.noFrames')}
            </Typography>
          ) : (
            <Box sx={{ mt: 1 }}>{option && <EChart option={option} height={200} testId="gw-frames-chart" />}</Box>
          )}
        </>
      )}
    </StatusCard>
  );
}
