import { formatHex } from '@lns/contract/hex';
import type { McDeviceRow } from '@lns/contract/multicast';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { bindMembers, mcKeys, useMcDevices } from '../api';
import { AddMembersDialog } from '../components/AddMembersDialog';
import { SyncChip } from '../components/SyncState';

type JoinedFilter = 'all' | 'yes' | 'no';
const JOINED: Record<JoinedFilter, boolean | undefined> = { all: undefined, yes: true, no: false };

/** /multicast/device-list: member devices with their setup state (refreshed while open); add and remove. */
export default function McDevices() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const paging = usePaging<'createtime' | 'devEUI' | 'devName'>('multicast-devices', { orderBy: 'createtime' });
  const [joined, setJoined] = useState<JoinedFilter>('all');
  const q = useMcDevices({ mcEUI, ...paging.query, joined: JOINED[joined] });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (d) => d.devEUI, [mcKeys.all]);
  const [adding, setAdding] = useState(false);

  const columns: Column<McDeviceRow>[] = [
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
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('devicesTitle')}>
        <DeleteSelectedButton
          disabled={sel.selected.length === 0}
          onClick={() => sel.askDelete(sel.chosen)}
          testId="mc-remove-devices"
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="mc-add-devices"
        >
          {t('addDevices')}
        </Button>
      </ListToolbar>
      <Box>
        <TextField
          select
          size="small"
          label={t('joined')}
          value={joined}
          onChange={(e) => {
            setJoined(e.target.value as JoinedFilter);
            paging.setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {(['all', 'yes', 'no'] as const).map((j) => (
            <MenuItem key={j} value={j}>
              {t(`joinedFilter.${j}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListTable
        data-testid="mc-devices"
        columns={columns}
        rows={rows}
        rowKey={(d) => d.devEUI}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <AddMembersDialog kind="device" mcEUI={mcEUI} onClose={() => setAdding(false)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('removeDevices')}
        itemLabel={(d) => d.devName || formatHex(d.devEUI)}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) =>
              bindMembers(
                'device',
                mcEUI,
                xs.map((d) => d.devEUI),
                true,
              ),
            id: (d) => d.devEUI,
          })
        }
      />
    </Box>
  );
}
