import { formatHex } from '@lns/contract/hex';
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
import { bindMembers, mcKeys, useMcGateways } from '../api';
import { AddMembersDialog } from '../components/AddMembersDialog';

type Row = NonNullable<ReturnType<typeof useMcGateways>['data']>['rows'][number];
type OnlineFilter = 'all' | 'online' | 'offline';
const ONLINE: Record<OnlineFilter, boolean | undefined> = { all: undefined, online: true, offline: false };

/** /multicast/gateway-list: the gateways that send the group's downlinks; add and remove. */
export default function McGateways() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const paging = usePaging<'createtime' | 'gwID' | 'gwName'>('multicast-gateways', { orderBy: 'createtime' });
  const [online, setOnline] = useState<OnlineFilter>('all');
  const q = useMcGateways({ mcEUI, ...paging.query, online: ONLINE[online] });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (g) => g.gwID, [mcKeys.all]);
  const [adding, setAdding] = useState(false);
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
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('gatewaysTitle')}>
        <DeleteSelectedButton
          disabled={sel.selected.length === 0}
          onClick={() => sel.askDelete(sel.chosen)}
          testId="mc-remove-gateways"
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="mc-add-gateways"
        >
          {t('addGateways')}
        </Button>
      </ListToolbar>
      <Box>
        <TextField
          select
          size="small"
          label={t('online')}
          value={online}
          onChange={(e) => {
            setOnline(e.target.value as OnlineFilter);
            paging.setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {(['all', 'online', 'offline'] as const).map((o) => (
            <MenuItem key={o} value={o}>
              {t(`onlineFilter.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListTable
        data-testid="mc-gateways"
        columns={columns}
        rows={rows}
        rowKey={(g) => g.gwID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <AddMembersDialog kind="gateway" mcEUI={mcEUI} onClose={() => setAdding(false)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('removeGateways')}
        itemLabel={(g) => g.gwName || formatHex(g.gwID)}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) =>
              bindMembers(
                'gateway',
                mcEUI,
                xs.map((g) => g.gwID),
                true,
              ),
            id: (g) => g.gwID,
          })
        }
      />
    </Box>
  );
}
