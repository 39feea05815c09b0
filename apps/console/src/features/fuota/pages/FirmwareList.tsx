import type { FirmwareRow } from '@lns/contract/fuota';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useFirmwareList } from '../api';

/** /application/fuota/firm-upgrade-list: each firmware image sent so far and the devices it reached. */
export default function FirmwareList() {
  const { t } = useTranslation('fuota');
  const paging = usePaging<'lasttime' | 'firmwareName'>('fuota-firmware', { orderBy: 'lasttime', orderType: 'desc' });
  const q = useFirmwareList(paging.query);

  const columns: Column<FirmwareRow>[] = [
    { key: 'firmwareName', label: t('field.firmwareName'), sortable: true },
    {
      key: 'digest',
      label: t('digest'),
      nowrap: true,
      priority: 'secondary',
      render: (f) => (
        <Tooltip title={f.digest}>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>{`${f.digest.slice(0, 12)}…`}</Box>
        </Tooltip>
      ),
    },
    {
      key: 'versions',
      label: t('versions'),
      nowrap: true,
      render: (f) => t('versionsOf', { old: f.oldVersion || '—', new: f.newVersion || '—' }),
    },
    {
      key: 'size',
      label: t('size'),
      nowrap: true,
      align: 'right',
      priority: 'secondary',
      render: (f) => t('bytes', { count: f.payloadSize, size: f.payloadSize.toLocaleString() }),
    },
    { key: 'tasks', label: t('tasks'), align: 'right', priority: 'optional' },
    {
      key: 'upgraded',
      label: t('upgraded'),
      nowrap: true,
      render: (f) => t('upgradedOf', { done: f.doneNums, total: f.deviceNums }),
    },
    {
      key: 'lasttime',
      label: t('lasttime'),
      nowrap: true,
      sortable: true,
      priority: 'secondary',
      render: (f) => formatTime(f.lasttime),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6">{t('firmwareTitle')}</Typography>
      <ListTable
        data-testid="fuota-firmware-table"
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(f) => `${f.digest}/${f.firmwareName}`}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
      />
    </Box>
  );
}
