import { normalizeHex } from '@lns/contract/hex';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HistoryPage } from '../../../components/frames/HistoryPage';
import type { HistoryLoad } from '../../../components/frames/useHistory';
import type { Column } from '../../../components/ListTable';
import { MsgTypeFilter, TriFilter, type TriState, triParam } from './Filters';

/** The filters of a frame list: the device or gateway, message types and direction. */
export interface FrameFilter {
  id: string;
  msgTypes?: number[];
  uplink?: boolean;
}

export interface FrameHistoryProps<T> {
  /** The URL parameter naming the device or gateway (`id` of the filter). */
  owner: 'devEUI' | 'gwID';
  /** Key under history:title. */
  title: string;
  listKey: string;
  load: HistoryLoad<FrameFilter, T>;
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
  const { columns: columnsOf } = p;
  const columns = useMemo(() => columnsOf(t), [columnsOf, t]);
  const query = useMemo(
    (): FrameFilter | null =>
      id ? { id, msgTypes: msgTypes.length ? msgTypes : undefined, uplink: triParam(uplink) } : null,
    [id, msgTypes, uplink],
  );
  return (
    <HistoryPage
      title={t(`title.${p.title}`)}
      listKey={p.listKey}
      query={query}
      load={p.load}
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
