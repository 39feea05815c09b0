import type { ProtocolFrame } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { frameDetail } from '../../live/api';
import { protocolColumns } from '../../live/columns';
import { MsgTypeFilter, TriFilter, type TriState, triParam } from '../components/Filters';
import { HistoryPage } from '../components/HistoryPage';

/** /application/device/history/protocol: stored protocol-layer frames of a device. */
export default function ProtocolHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const devEUI = normalizeHex(params.get('devEUI') ?? '');
  const [msgTypes, setMsgTypes] = useState<number[]>([]);
  const [uplink, setUplink] = useState<TriState>('');
  const columns = useMemo(() => protocolColumns(t), [t]);
  const query = useMemo(
    () => (devEUI ? { devEUI, msgTypes: msgTypes.length ? msgTypes : undefined, uplink: triParam(uplink) } : null),
    [devEUI, msgTypes, uplink],
  );
  return (
    <HistoryPage<ProtocolFrame>
      title={t('title.protocol')}
      listKey="history-protocol"
      path="/api/device/lorawan/history"
      query={query}
      columns={columns}
      rowKey={(f) => f.msgID}
      loadDetail={(f) => frameDetail.protocol(devEUI, f)}
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
