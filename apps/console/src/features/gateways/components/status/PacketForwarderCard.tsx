import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { StatusList } from '../../../../components/StatusList';
import { formatTime } from '../../../../lib/format';
import type { StatusOf } from '../../api';
import { dash, reported } from './format';
import { StatusCard } from './StatusCard';

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The packet forwarder as the agent reports it; a gateway without the agent still shows the
 * counters of its last `stat` (Semtech rxnb/rxok/dwnb/txnb, MQTT GatewayStats stored alike).
 */
export function PacketForwarderCard({ pf }: { pf: StatusOf<'packetForwarder'> | undefined }) {
  const { t } = useTranslation('gateways');
  const stat = pf?.stat ?? {};
  const counters = [
    ['rxReceived', pf?.rxReceived ?? num(stat.rxnb)],
    ['rxOk', pf?.rxOk ?? num(stat.rxok)],
    ['txReceived', pf?.txReceived ?? num(stat.dwnb)],
    ['txEmitted', pf?.txEmitted ?? num(stat.txnb)],
  ] as const;
  const empty = !reported(pf, ['stat']) && counters.every(([, v]) => v === undefined);
  return (
    <StatusCard
      title={t('status.packetForwarder')}
      reportedAt={pf?.updatedAt}
      empty={empty}
      testId="gw-status-pf"
      action={
        typeof pf?.running === 'boolean' && (
          <Chip
            size="small"
            color={pf.running ? 'success' : 'error'}
            label={pf.running ? t('status.running') : t('status.stopped')}
            data-testid="gw-pf-running"
          />
        )
      }
    >
      <StatusList
        items={[
          { label: t('status.udpPort'), value: dash(pf?.udpPort) },
          ...counters.map(([k, v]) => ({ label: t(`status.${k}`), value: dash(v) })),
          { label: t('status.lastPushAt'), value: pf?.lastPushAt ? formatTime(pf.lastPushAt) : '—' },
        ]}
      />
    </StatusCard>
  );
}
