import { normalizeHex } from '@lns/contract/hex';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import type { Column } from '../../../components/ListTable';
import { MsgTypeFilter, TriFilter, type TriState, triParam } from './Filters';

export interface FrameHistoryProps<T> {
  /** The URL parameter naming the device or gateway; sent to the server under the same name. */
  owner: 'devEUI' | 'gwID';
  /** Key under history:title. */
  title: string;
  listKey: string;
  path: string;
  columns: (t: TFunction) => Column<T>[];
  loadDetail: (owner: string, row: T) => Promise<unknown>;
}

/** Stored LoRaWAN frames of one device or gateway, filtered by message type and direction. */
export function FrameHistory<T extends { msgID: string }>(p: FrameHistoryProps<T>) {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const id = normalizeHex(params.get(p.owner) ?? '');
  const [msgTypes, setMsgTypes] = useState<number[]>([]);
  const [uplink, setUplink] = useState<TriState>('');
  const { columns: columnsOf, owner } = p;
  const columns = useMemo(() => columnsOf(t), [columnsOf, t]);
  const query = useMemo(
    () => (id ? { [owner]: id, msgTypes: msgTypes.length ? msgTypes : undefined, uplink: triParam(uplink) } : null),
    [owner, id, msgTypes, uplink],
  );
  return (
    <HistoryPage<T>
      title={t(`title.${p.title}`)}
      listKey={p.listKey}
      path={p.path}
      query={query}
      columns={columns}
      rowKey={(f) => f.msgID}
      loadDetail={(f) => p.loadDetail(id, f)}
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
