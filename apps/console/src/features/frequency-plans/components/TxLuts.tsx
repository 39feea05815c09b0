import type { TxLutRow } from '@lns/contract/frequency-plans';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { deleteTxLut, fpKeys, useTxLuts } from '../api';
import { FileNameCell, WithFileName } from './FileNameCell';
import { RegionChip } from './RegionChip';
import { TxLutDialog } from './TxLutDialog';

/** Tx lookup tables: one per gateway type and region. */
export function TxLuts() {
  const { t } = useTranslation('frequencyPlans');
  const paging = usePaging('txlut');
  const q = useTxLuts({ pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.txLutID, [fpKeys.all]);
  const [form, setForm] = useState<{ entry?: TxLutRow } | null>(null);

  const columns: Column<TxLutRow>[] = [
    {
      key: 'gwType',
      label: t('field.gwType'),
      render: (r) => <WithFileName name={r.fileName}>{r.gwType}</WithFileName>,
    },
    { key: 'region', label: t('field.region'), nowrap: true, render: (r) => <RegionChip region={r.region} /> },
    {
      key: 'fileName',
      label: t('field.fileName'),
      priority: 'secondary',
      render: (r) => <FileNameCell name={r.fileName} />,
    },
    { key: 'entries', label: t('field.entries'), align: 'right', priority: 'secondary' },
    { key: 'gateways', label: t('field.gateways'), align: 'right', priority: 'secondary' },
    {
      key: 'updatedAt',
      label: t('field.updatedAt'),
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.updatedAt),
    },
    actionsColumn<TxLutRow>(t('common:actions'), (r) => ({
      name: `${r.gwType} ${r.region}`,
      onEdit: () => setForm({ entry: r }),
      onDelete: () => sel.askDelete([r]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('txLut.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="txlut-add">
          {t('txLut.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('txLut.intro')}
      </Typography>
      <ListTable
        data-testid="txlut-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.txLutID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {form && <TxLutDialog entry={form.entry} onClose={() => setForm(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('txLut.deleteTitle')}
        itemLabel={(r) => `${r.gwType} ${r.region.toUpperCase()} · ${r.fileName}`}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteTxLut(r.txLutID))}
      />
    </Box>
  );
}
