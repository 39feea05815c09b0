import type { GlobalConfRow } from '@lns/contract/frequency-plans';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteGlobalConf, fpKeys, useGlobalConfs } from '../api';
import { FileNameCell, WithFileName } from './FileNameCell';
import { GlobalConfDialog } from './GlobalConfDialog';
import { RegionChip } from './RegionChip';

/** Global configurations: one global_conf.json per region/subnet. */
export function GlobalConfs() {
  const { t } = useTranslation('frequencyPlans');
  const paging = usePaging('globalconf');
  const q = useGlobalConfs({ pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.globalConfID, [fpKeys.all]);
  const [form, setForm] = useState<{ entry?: GlobalConfRow } | null>(null);
  const name = (r: GlobalConfRow) => `${r.region} ${r.subnet}`;

  const columns: Column<GlobalConfRow>[] = [
    { key: 'region', label: t('field.region'), nowrap: true, render: (r) => <RegionChip region={r.region} /> },
    {
      key: 'subnet',
      label: t('field.subnet'),
      render: (r) => <WithFileName name={r.fileName}>{r.subnet}</WithFileName>,
    },
    {
      key: 'fileName',
      label: t('field.fileName'),
      priority: 'secondary',
      render: (r) => <FileNameCell name={r.fileName} />,
    },
    {
      key: 'chip',
      label: t('field.chip'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => <Chip size="small" variant="outlined" label={r.chip} />,
    },
    { key: 'gateways', label: t('field.gateways'), align: 'right', priority: 'secondary' },
    {
      key: 'updatedAt',
      label: t('field.updatedAt'),
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.updatedAt),
    },
    actionsColumn<GlobalConfRow>(t('common:actions'), (r) => ({
      name: name(r),
      onEdit: () => setForm({ entry: r }),
      onDelete: () => sel.askDelete([r]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('global.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="globalconf-add">
          {t('global.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('global.intro')}
      </Typography>
      <ListTable
        data-testid="globalconf-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.globalConfID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {form && <GlobalConfDialog entry={form.entry} onClose={() => setForm(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('global.deleteTitle')}
        itemLabel={(r) => `${r.region.toUpperCase()} ${r.subnet} · ${r.fileName}`}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteGlobalConf(r.globalConfID))}
      />
    </Box>
  );
}
