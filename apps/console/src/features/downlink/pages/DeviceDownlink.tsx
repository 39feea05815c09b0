import { downlinkApi } from '@lns/contract/api/downlinks';
import { type DownlinkRecord, type DownlinkStatus, DOWNLINK_STATUS as S } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { eui } from '../../../components/frames/format';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { DOWNLINK_HISTORY } from '../api';
import { DownlinkFormCard } from '../components/DownlinkFormCard';
import { useDownlinkEvents } from '../useDownlinkEvents';

const STATUS_COLOR = {
  [S.ENQUEUED]: 'default',
  [S.SENT]: 'info',
  [S.SENT_OK]: 'success',
  [S.CONFIRMED]: 'success',
  [S.TIMEOUT]: 'error',
} as const satisfies Record<DownlinkStatus, string>;
/** Translation key of a status; a confirmed downlink sent OK is still waiting for its ACK. */
const statusKey = (r: DownlinkRecord) => (r.status === S.SENT_OK && r.confirmed ? '2c' : String(r.status));
const DELIVERY_COLOR = { not_sent: 'default', sent: 'info', success: 'success', error: 'error' } as const;

/** /application/device/downlink: send a downlink and follow its status, delivery and ACK. */
export default function DeviceDownlink() {
  const { t } = useTranslation('downlink');
  const [params] = useSearchParams();
  const devEUI = normalizeHex(params.get('devEUI') ?? '');
  useDownlinkEvents(devEUI);
  const query = useMemo(() => (devEUI ? { devEUI } : null), [devEUI]);
  const columns = useMemo(
    () => [
      {
        key: 'createtime',
        nowrap: true,
        label: t('col.time'),
        render: (r: DownlinkRecord) => formatTime(r.createtime),
      },
      {
        key: 'fPort',
        label: t('col.fPort'),
        render: (r: DownlinkRecord) => (r.macCommands ? `0 (${t('mac')})` : r.fPort),
      },
      {
        key: 'data',
        label: t('col.data'),
        render: (r: DownlinkRecord) => <Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.data}</Box>,
      },
      {
        key: 'confirmed',
        label: t('col.confirmed'),
        render: (r: DownlinkRecord) => (r.confirmed ? t('common:yes') : t('common:no')),
      },
      { key: 'fCnt', label: t('col.fCnt'), render: (r: DownlinkRecord) => r.fCnt ?? '' },
      {
        key: 'status',
        label: t('col.status'),
        render: (r: DownlinkRecord) => (
          <Chip
            size="small"
            data-testid="downlink-status"
            data-status={r.status}
            color={STATUS_COLOR[r.status]}
            label={t(`status.${statusKey(r)}`)}
          />
        ),
      },
      {
        key: 'delivery',
        label: t('col.delivery'),
        render: (r: DownlinkRecord) => (
          <Chip
            size="small"
            variant="outlined"
            data-testid="downlink-delivery"
            data-delivery={r.delivery}
            color={DELIVERY_COLOR[r.delivery]}
            label={`${t(`delivery.${r.delivery}`)}${r.responseErrorByGateway ? ` (${r.responseErrorByGateway})` : ''}`}
          />
        ),
      },
      { key: 'ack', label: t('col.ack'), render: (r: DownlinkRecord) => r.ack ?? '' },
      { key: 'gwID', label: t('col.gwID'), render: (r: DownlinkRecord) => eui(r.gwID) },
      { key: 'dltime', label: t('col.dltime'), render: (r: DownlinkRecord) => formatTime(r.dltime) },
    ],
    [t],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DownlinkFormCard devEUI={devEUI} />
      <HistoryPage
        title={t('history')}
        listKey={DOWNLINK_HISTORY}
        query={query}
        load={(q) => api.list(downlinkApi.history, q)}
        columns={columns}
        rowKey={(r) => r.msgID}
        refetchMs={10_000}
      />
    </Box>
  );
}
