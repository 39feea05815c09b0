import { deviceDataApi } from '@lns/contract/api/device-data';
import { normalizeHex } from '@lns/contract/hex';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import { api } from '../../../lib/api';
import { TriFilter, type TriState, triParam } from '../components/Filters';

/** /application/device/history/app: stored application-layer messages of a device. */
export default function AppHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const devEUI = normalizeHex(params.get('devEUI') ?? '');
  const [confirmed, setConfirmed] = useState<TriState>('');
  const columns = useMemo(() => appColumns(t), [t]);
  const query = useMemo(() => (devEUI ? { devEUI, confirmed: triParam(confirmed) } : null), [devEUI, confirmed]);
  return (
    <HistoryPage
      title={t('title.app')}
      listKey="history-app"
      query={query}
      load={(q) => api.list(deviceDataApi.history, q)}
      columns={columns}
      rowKey={(m) => m.msgID}
      loadDetail={(m) => frameDetail.app(devEUI, m)}
      filters={
        <TriFilter
          label={t('confirmed')}
          value={confirmed}
          onChange={setConfirmed}
          yes={t('common:yes')}
          no={t('common:no')}
          testId="confirmed-filter"
        />
      }
    />
  );
}
