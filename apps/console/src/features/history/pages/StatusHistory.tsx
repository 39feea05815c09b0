import type { gwStatRow } from '@lns/contract/dataplane';
import { normalizeHex } from '@lns/contract/hex';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { formatTime } from '../../../lib/format';
import { http } from '../../../lib/http';
import { downloadExport } from '../api';

type StatRow = z.infer<typeof gwStatRow>;

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
      { key: 'createtime', label: t('live:col.time'), render: (r: StatRow) => formatTime(r.createtime) },
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
      load={(q) => http.list<StatRow>('/api/gwstats/history', q)}
      columns={columns}
      rowKey={(r) => r.createtime}
      onExport={(range) =>
        downloadExport('/api/gwstats/excel', { gwID, startTime: range[0], endTime: range[1] }, `gwstats-${gwID}.xlsx`)
      }
    />
  );
}
