import type { GatewayFrame } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { frameDetail } from '../../live/api';
import { gatewayColumns } from '../../live/columns';
import { MsgTypeFilter, TriFilter, type TriState, triParam } from '../components/Filters';
import { HistoryPage } from '../components/HistoryPage';

/** /gateway/history: stored frames a gateway heard or sent. */
export default function GatewayHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const [msgTypes, setMsgTypes] = useState<number[]>([]);
  const [uplink, setUplink] = useState<TriState>('');
  const columns = useMemo(() => gatewayColumns(t), [t]);
  const query = useMemo(
    () => (gwID ? { gwID, msgTypes: msgTypes.length ? msgTypes : undefined, uplink: triParam(uplink) } : null),
    [gwID, msgTypes, uplink],
  );
  return (
    <HistoryPage<GatewayFrame>
      title={t('title.gateway')}
      listKey="history-gateway"
      path="/api/gateway/history"
      query={query}
      columns={columns}
      rowKey={(f) => f.msgID}
      loadDetail={(f) => frameDetail.gateway(gwID, f)}
      filters={
        <>
          <MsgTypeFilter value={msgTypes} onChange={setMsgTypes} />
          <TriFilter
            label={t('direction')}
            value={uplink}
            onChange={setUplink}
            yes={t('live:up')}
            no={t('live:down')}
            testId="uplink-filter"
          />
        </>
      }
    />
  );
}
