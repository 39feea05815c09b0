import { PF_CONF_STATES, type PfConfRow, type PfConfState } from '@lns/contract/frequency-plans';
import { formatHex } from '@lns/contract/hex';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListTable } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePaging } from '../../../lib/paging';
import { usePfConfEnabled, usePfConfs } from '../api';
import { PfConfActions } from './PfConfActions';
import { PfStateChip } from './PfStateChip';

/** A digest's first digits (the whole one on hover): enough to tell two configurations apart. */
const Digest = ({ value }: { value: string | null }) =>
  value ? (
    <Box component="span" title={value} sx={{ fontFamily: 'monospace' }}>
      {value.slice(0, 12)}
    </Box>
  ) : (
    '—'
  );

/** Per gateway: the configuration it should run, what its agent runs, and the push. */
export function PfConfs() {
  const { t } = useTranslation('frequencyPlans');
  const paging = usePaging('pfconf');
  const [state, setState] = useState<PfConfState | ''>('');
  const q = usePfConfs({ pageNo: paging.pageNo, pageSize: paging.pageSize, state: state || undefined });
  const enabled = usePfConfEnabled();
  const reason = enabled.data && !enabled.data.enabled ? (enabled.data.reason ?? 'mqttUnavailable') : undefined;
  const blocked = reason && t(`pf.unavailable.${reason}`);

  const columns: Column<PfConfRow>[] = [
    {
      key: 'gateway',
      label: t('field.gateway'),
      render: (r) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <span>{r.gwName}</span>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {formatHex(r.gwID)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'region',
      label: t('field.regionSubnet'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => `${r.region.toUpperCase()} / ${r.subnet}`,
    },
    { key: 'gwType', label: t('field.gwType'), nowrap: true, priority: 'optional' },
    { key: 'state', label: t('field.state'), render: (r) => <PfStateChip row={r} /> },
    {
      key: 'running',
      label: t('field.running'),
      priority: 'secondary',
      render: (r) => <Digest value={r.appliedSha256} />,
    },
    { key: 'expected', label: t('field.expected'), priority: 'secondary', render: (r) => <Digest value={r.sha256} /> },
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right',
      stickyRight: true,
      render: (r) => <PfConfActions row={r} blocked={blocked} />,
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('pf.title')}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void q.refetch()}>
          {t('common:refresh')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('pf.intro')}
      </Typography>
      {blocked && (
        <Alert severity="warning" data-testid="pf-unavailable">
          {blocked}
        </Alert>
      )}
      <TextField
        select
        size="small"
        label={t('field.state')}
        value={state}
        onChange={(e) => {
          setState(e.target.value as PfConfState | '');
          paging.setPage(1);
        }}
        // "All states" is shown for the empty value rather than an empty box under the label.
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'pf-state-filter' },
        }}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        <MenuItem value="">{t('pf.allStates')}</MenuItem>
        {PF_CONF_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`pf.state.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <ListTable
        data-testid="pf-table"
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.gwID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
      />
    </Box>
  );
}
