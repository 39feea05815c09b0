import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import type { RowOf } from '@lns/contract/endpoint';
import { GATEWAY_LINK_NAMES, gatewayLinkName } from '@lns/contract/gateways';
import { normalizeHex } from '@lns/contract/hex';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { TriFilter, type TriState, triParam } from '../components/Filters';

type ConnectionRow = RowOf<typeof gatewayDataApi.connectionHistory>;

/** /gateway/link-history: the gateway's online/offline transitions; excel export of the range. */
export default function LinkHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const [online, setOnline] = useState<TriState>('');
  const [mqtt, setMqtt] = useState<TriState>('');
  const query = useMemo(
    () => (gwID ? { gwID, online: triParam(online), mqtt: triParam(mqtt) } : null),
    [gwID, online, mqtt],
  );
  const columns = useMemo(
    () => [
      {
        key: 'createtime',
        nowrap: true,
        label: t('live:col.time'),
        render: (r: ConnectionRow) => formatTime(r.createtime),
      },
      {
        key: 'online',
        label: t('link.state'),
        render: (r: ConnectionRow) => (
          <Chip
            size="small"
            color={r.online ? 'success' : 'default'}
            label={r.online ? t('link.online') : t('link.offline')}
          />
        ),
      },
      { key: 'mqtt', label: t('link.via'), render: (r: ConnectionRow) => gatewayLinkName(r.mqtt) },
    ],
    [t],
  );
  return (
    <HistoryPage
      title={t('title.link')}
      listKey="history-link"
      query={query}
      load={(q) => api.list(gatewayDataApi.connectionHistory, q)}
      columns={columns}
      rowKey={(r) => `${r.createtime}-${r.online}`}
      onExport={(range) =>
        api.download(
          gatewayDataApi.connectionExcel,
          { gwID, startTime: range[0], endTime: range[1] },
          `gwconnection-${gwID}.xlsx`,
        )
      }
      filters={
        <>
          <TriFilter
            label={t('link.state')}
            value={online}
            onChange={setOnline}
            yes={t('link.online')}
            no={t('link.offline')}
          />
          <TriFilter
            label={t('link.via')}
            value={mqtt}
            onChange={setMqtt}
            yes={GATEWAY_LINK_NAMES.mqtt}
            no={GATEWAY_LINK_NAMES.udp}
          />
        </>
      }
    />
  );
}
