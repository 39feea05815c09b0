import type { gwConnectionRow } from '@lns/contract/dataplane';
import { normalizeHex } from '@lns/contract/hex';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { formatTime } from '../../../lib/format';
import { http } from '../../../lib/http';
import { downloadExport } from '../api';
import { TriFilter, type TriState, triParam } from '../components/Filters';

type ConnectionRow = z.infer<typeof gwConnectionRow>;

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
      { key: 'createtime', label: t('live:col.time'), render: (r: ConnectionRow) => formatTime(r.createtime) },
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
      { key: 'mqtt', label: t('link.via'), render: (r: ConnectionRow) => (r.mqtt ? 'MQTT' : 'UDP') },
    ],
    [t],
  );
  return (
    <HistoryPage
      title={t('title.link')}
      listKey="history-link"
      query={query}
      load={(q) => http.list<ConnectionRow>('/api/gwconnection/history', q)}
      columns={columns}
      rowKey={(r) => `${r.createtime}-${r.online}`}
      onExport={(range) =>
        downloadExport(
          '/api/gwconnection/excel',
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
          <TriFilter label={t('link.via')} value={mqtt} onChange={setMqtt} yes="MQTT" no="UDP" />
        </>
      }
    />
  );
}
