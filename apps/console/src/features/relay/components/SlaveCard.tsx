import { formatHex } from '@lns/contract/hex';
import { RELAY_SLAVE_STATUS } from '@lns/contract/relay';
import type { RelaySlaveRow } from '@lns/contract/relay-api';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useBindSlaves, useSlaves } from '../api';
import { relayLabels, SlaveStatusChip } from '../labels';
import { BindDialog } from './BindDialog';
import { type BindOutcome, BindResults, refusedOutcome } from './BindResults';
import { CallError } from './CallError';

/** The relay's slaves with their status; bind new ones, unbind the selected, with each one's result. */
export function SlaveCard({ devEUI, appID }: { devEUI: string; appID: number }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'updatetime' | 'slaveDevEUI'>('relay-slaves', { orderBy: 'updatetime' });
  const [status, setStatus] = useState<number | ''>('');
  const q = useSlaves(devEUI ? { devEUI, ...paging.query, status: status === '' ? undefined : status } : null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<'bind' | 'unbind' | null>(null);
  const [unbound, setUnbound] = useState<BindOutcome | null>(null);
  const unbind = useBindSlaves(true);
  const l = relayLabels(t);

  const columns: Column<RelaySlaveRow>[] = [
    {
      key: 'slaveDevEUI',
      label: t('field.slaveDevEUI'),
      sortable: true,
      nowrap: true,
      render: (r) => <Box sx={{ fontFamily: 'monospace' }}>{formatHex(r.slaveDevEUI)}</Box>,
    },
    { key: 'devName', label: t('field.devName'), priority: 'secondary', render: (r) => r.devName ?? '-' },
    { key: 'status', label: t('field.status'), render: (r) => <SlaveStatusChip status={r.status} /> },
    {
      key: 'slaveDevAddr',
      label: t('field.slaveDevAddr'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => (r.slaveDevAddr ? formatHex(r.slaveDevAddr) : '-'),
    },
    { key: 'receive', label: t('field.receive'), align: 'right' },
    {
      key: 'lastRelayed',
      label: t('field.lastRelayed'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatTime(r.lastRelayed) || '-',
    },
    {
      key: 'updatetime',
      label: t('field.updatetime'),
      sortable: true,
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.updatetime),
    },
  ];

  const doUnbind = async () => {
    // The call is silent (the bind form shows its own refusals): say here why it failed.
    const r = await unbind.mutateAsync({ devEUI, slaveDevEUIs: selected.map(String) }).catch((e: Error) => {
      toast.error(e.message);
      setUnbound(refusedOutcome(e) ?? null);
      throw e;
    });
    toast.success(t('unbindSent'));
    setSelected([]);
    setUnbound(r);
  };

  return (
    <CardPanel
      title={t('slaveList')}
      actions={['refresh']}
      onRefresh={() => void q.refetch()}
      data-testid="slave-card"
      extra={
        <TextField
          select
          size="small"
          label={t('field.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value === '' ? '' : Number(e.target.value));
            paging.setPage(1);
          }}
          sx={{ minWidth: 150 }}
          // "All" shows in the box while no filter is chosen.
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'slave-status-filter' },
          }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {Object.values(RELAY_SLAVE_STATUS).map((v) => (
            <MenuItem key={v} value={v}>
              {l.slaveStatus(v)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddLinkIcon />}
          onClick={() => setDialog('bind')}
          disabled={!devEUI}
          data-testid="slave-bind"
        >
          {t('bind')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="warning"
          startIcon={<LinkOffIcon />}
          onClick={() => setDialog('unbind')}
          disabled={selected.length === 0}
          data-testid="slave-unbind"
        >
          {selected.length ? t('unbindSelected', { count: selected.length }) : t('unbind')}
        </Button>
      </Box>
      {unbound && (
        <Box sx={{ mb: 2 }}>
          <BindResults outcome={unbound} unbind />
        </Box>
      )}
      <CallError error={q.error} />
      <ListTable
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.slaveDevEUI}
        amount={q.data?.amount ?? 0}
        paging={paging}
        loading={q.isFetching}
        selection={{ selected, onChange: setSelected }}
        data-testid="slave-table"
      />
      {dialog === 'bind' && <BindDialog devEUI={devEUI} appID={appID} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'unbind'}
        title={t('unbindTitle')}
        message={t('unbindConfirm', { count: selected.length })}
        color="warning"
        onConfirm={doUnbind}
        onClose={() => setDialog(null)}
      />
    </CardPanel>
  );
}
