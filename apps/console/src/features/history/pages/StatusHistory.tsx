import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import type { RowOf } from '@lns/contract/endpoint';
import { normalizeHex } from '@lns/contract/hex';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format';

type StatRow = RowOf<typeof gatewayDataApi.statsHistory>;

/** Semtech `stat` fields, in the order operators read them. */
const FIELDS = ['rxnb', 'rxok', 'rxfw', 'ackr', 'dwnb', 'txnb'] as const;

/** /gateway/status-history: the packet forwarder's stat reports; excel export of the range. */
export default function StatusHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const query = useMemo(() => (gwID ? { gwID } : null), [gwID]);
  const columns = useMemo(
    () => [
      { key: 'createtime', nowrap: true, label: t('live:col.time'), render: (r: StatRow) => formatTime(r.createtime) },
      ...FIELDS.map((f) => ({
        key: f,
        label: t(`stat.${f}`),
        render: (r: StatRow) => (r.stat[f] === undefined ? '' : String(r.stat[f])),
      })),
    ],
    [t],
  );
  return (
    <HistoryPage
      title={t('title.status')}
      listKey="history-status"
      query={query}
      load={(q) => api.list(gatewayDataApi.statsHistory, q)}
      columns={columns}
      rowKey={(r) => r.createtime}
      onExport={(range) =>
        api.download(
          gatewayDataApi.statsExcel,
          { gwID, startTime: range[0], endTime: range[1] },
          `gwstats-${gwID}.xlsx`,
        )
      }
    />
  );
}
