import { formatHex } from '@lns/contract/hex';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useMcGateways } from '../api';
import { MemberList } from '../components/MemberList';

type Gateway = NonNullable<ReturnType<typeof useMcGateways>['data']>['rows'][number];
type Row = Gateway & { id: string; name: string };
const ONLINE = { all: undefined, online: true, offline: false } as const;
type OnlineFilter = keyof typeof ONLINE;

/** /multicast/gateway-list: the gateways that send the group's downlinks; add and remove. */
export default function McGateways() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const paging = usePaging<'createtime' | 'gwID' | 'gwName'>('multicast-gateways', { orderBy: 'createtime' });
  const [online, setOnline] = useState<OnlineFilter>('all');
  const q = useMcGateways({ mcEUI, ...paging.query, online: ONLINE[online] });
  const rows: Row[] = (q.data?.rows ?? []).map((g) => ({ ...g, id: g.gwID, name: g.gwName }));
  const yes = (b: boolean) => (b ? t('common:yes') : t('common:no'));

  const columns: Column<Row>[] = [
    { key: 'gwID', label: t('gwID'), nowrap: true, sortable: true, render: (g) => formatHex(g.gwID) },
    { key: 'gwName', label: t('gwName'), sortable: true },
    { key: 'gwType', label: t('gwType'), priority: 'secondary' },
    { key: 'online', label: t('online'), render: (g) => yes(g.online) },
    { key: 'enableClassB', label: t('classB'), priority: 'optional', render: (g) => yes(g.enableClassB) },
    { key: 'enableClassC', label: t('classC'), priority: 'optional', render: (g) => yes(g.enableClassC) },
    {
      key: 'lastSeen',
      label: t('lastSeen'),
      nowrap: true,
      priority: 'secondary',
      render: (g) => formatTime(g.lastSeen),
    },
    {
      key: 'createtime',
      label: t('boundAt'),
      nowrap: true,
      sortable: true,
      priority: 'optional',
      render: (g) => formatTime(g.createtime),
    },
  ];

  return (
    <MemberList
      kind="gateway"
      mcEUI={mcEUI}
      columns={columns}
      rows={rows}
      amount={q.data?.amount ?? 0}
      loading={q.isFetching}
      paging={paging}
      filter={{
        label: t('online'),
        value: online,
        options: (Object.keys(ONLINE) as OnlineFilter[]).map((o) => ({ value: o, label: t(`onlineFilter.${o}`) })),
        onChange: (v) => setOnline(v as OnlineFilter),
      }}
    />
  );
}
