import { formatHex } from '@lns/contract/hex';
import type { McDeviceRow } from '@lns/contract/multicast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useMcDevices } from '../api';
import { MemberList } from '../components/MemberList';
import { SyncChip } from '../components/SyncState';

type Row = McDeviceRow & { id: string; name: string };
const JOINED = { all: undefined, yes: true, no: false } as const;
type JoinedFilter = keyof typeof JOINED;

/** /multicast/device-list: member devices with their setup state (refreshed while open); add and remove. */
export default function McDevices() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const paging = usePaging<'createtime' | 'devEUI' | 'devName'>('multicast-devices', { orderBy: 'createtime' });
  const [joined, setJoined] = useState<JoinedFilter>('all');
  const q = useMcDevices({ mcEUI, ...paging.query, joined: JOINED[joined] });
  const rows: Row[] = (q.data?.rows ?? []).map((d) => ({ ...d, id: d.devEUI, name: d.devName }));

  const columns: Column<Row>[] = [
    { key: 'devEUI', label: t('devEUI'), nowrap: true, sortable: true, render: (d) => formatHex(d.devEUI) },
    { key: 'devName', label: t('devName'), sortable: true, priority: 'secondary' },
    { key: 'appName', label: t('appName'), priority: 'secondary' },
    { key: 'class', label: t('field.mcClass'), priority: 'optional' },
    { key: 'syncState', label: t('syncState'), render: (d) => <SyncChip state={d.syncState} error={d.syncError} /> },
    { key: 'syncFCnt', label: t('syncFCnt'), priority: 'optional', render: (d) => d.syncFCnt ?? '—' },
    {
      key: 'lastSeen',
      label: t('lastSeen'),
      nowrap: true,
      priority: 'secondary',
      render: (d) => formatTime(d.lastSeen),
    },
    {
      key: 'createtime',
      label: t('boundAt'),
      nowrap: true,
      sortable: true,
      priority: 'optional',
      render: (d) => formatTime(d.createtime),
    },
  ];

  return (
    <MemberList
      kind="device"
      mcEUI={mcEUI}
      columns={columns}
      rows={rows}
      amount={q.data?.amount ?? 0}
      loading={q.isFetching}
      paging={paging}
      filter={{
        label: t('joined'),
        value: joined,
        options: (Object.keys(JOINED) as JoinedFilter[]).map((j) => ({ value: j, label: t(`joinedFilter.${j}`) })),
        onChange: (v) => setJoined(v as JoinedFilter),
      }}
    />
  );
}
