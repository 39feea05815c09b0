import type { FuotaDeviceRow } from '@lns/contract/fuota';
import { formatHex } from '@lns/contract/hex';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HexField } from '../../../components/HexField';
import { type Column, ListTable } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useFuotaDevices, useGroupOptions } from '../api';
import { GroupPicker } from '../components/GroupPicker';
import { DeviceStateChip, NameCell } from '../components/labels';
import { statusPath } from '../paths';

const EUI_DIGITS = 16;

/** /application/fuota/device-upgrade-list: every device of every transfer, by device or group. */
export default function DeviceUpgradeList() {
  const { t } = useTranslation('fuota');
  const paging = usePaging<'updatetime' | 'devEUI' | 'state'>('fuota-device', { orderBy: 'updatetime' });
  const [devEUI, setDevEUI] = useState('');
  const [mcEUI, setMcEUI] = useState('');
  const groups = useGroupOptions();
  const groupName = new Map((groups.data ?? []).map((g) => [g.mcEUI, g.mcName]));
  // A partly typed DevEUI filters nothing yet.
  const q = useFuotaDevices({
    ...paging.query,
    devEUI: devEUI.length === EUI_DIGITS ? devEUI : undefined,
    mcEUI: mcEUI || undefined,
  });

  const columns: Column<FuotaDeviceRow>[] = [
    {
      key: 'devEUI',
      label: t('device'),
      sortable: true,
      render: (d) => <NameCell name={d.devName} eui={formatHex(d.devEUI)} />,
    },
    {
      key: 'group',
      label: t('group'),
      priority: 'secondary',
      render: (d) => <NameCell name={groupName.get(d.mcEUI)} eui={formatHex(d.mcEUI)} />,
    },
    {
      key: 'firmware',
      label: t('firmware'),
      render: (d) => (
        <Link component={RouterLink} to={statusPath(d.fdID)}>
          {d.firmwareName}
        </Link>
      ),
    },
    {
      key: 'versions',
      label: t('versions'),
      nowrap: true,
      priority: 'secondary',
      render: (d) => t('versionsOf', { old: d.oldVersion || '—', new: d.newVersion || '—' }),
    },
    { key: 'state', label: t('deviceStateLabel'), sortable: true, render: (d) => <DeviceStateChip row={d} /> },
    {
      key: 'fragments',
      label: t('receivedMissing'),
      nowrap: true,
      priority: 'secondary',
      render: (d) => `${d.nbFragReceived ?? '—'} / ${d.nbFragMissing ?? '—'}`,
    },
    {
      key: 'error',
      label: t('error'),
      priority: 'optional',
      render: (d) =>
        d.error_message ? (
          <Typography variant="body2" color="error">
            {d.error_message}
          </Typography>
        ) : (
          '—'
        ),
    },
    {
      key: 'updatetime',
      label: t('updatetime'),
      nowrap: true,
      sortable: true,
      priority: 'optional',
      render: (d) => formatTime(d.updatetime),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('deviceTitle')}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void q.refetch()}>
          {t('common:refresh')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <HexField
          size="small"
          label={t('devEUIFilter')}
          digits={EUI_DIGITS}
          value={devEUI}
          onChange={(x) => {
            setDevEUI(x);
            paging.setPage(1);
          }}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{ htmlInput: { 'data-testid': 'fuota-filter-devEUI' } }}
        />
        <GroupPicker
          sx={{ width: { xs: '100%', sm: 320 } }}
          label={t('group')}
          value={mcEUI}
          onChange={(x) => {
            setMcEUI(x);
            paging.setPage(1);
          }}
          testId="fuota-filter-group"
        />
      </Box>
      <ListTable
        data-testid="fuota-device-table"
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(d) => `${d.fdID}/${d.devEUI}`}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
      />
    </Box>
  );
}
