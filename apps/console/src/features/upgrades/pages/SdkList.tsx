import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteSdk, useSdkList } from '../api/catalogues';
import { upgradeKeys } from '../api/keys';
import { SdkFormDialog, type SdkRow } from '../components/SdkFormDialog';

/** /gateway/sdk: SDK versions for pico gateways; new, change, delete. */
export default function SdkList() {
  const { t } = useTranslation('upgrades');
  const paging = usePaging('upgrade-sdk');
  const q = useSdkList({ pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.sdkID, [upgradeKeys.all]);
  const [form, setForm] = useState<{ sdk?: SdkRow } | null>(null);

  const columns = [
    { key: 'version', label: t('field.sdkVersion') },
    {
      key: 'fileName',
      label: t('field.fileName'),
      render: (r: SdkRow) => (
        <Box component="span" sx={{ wordBreak: 'break-all' }}>
          {r.fileName}
        </Box>
      ),
    },
    { key: 'controlType', label: t('field.controlType'), priority: 'secondary' as const },
    {
      key: 'createdAt',
      label: t('field.createdAt'),
      nowrap: true,
      priority: 'secondary' as const,
      render: (r: SdkRow) => formatTime(r.createdAt),
    },
    {
      key: 'updatedAt',
      label: t('field.updatedAt'),
      nowrap: true,
      priority: 'optional' as const,
      render: (r: SdkRow) => formatTime(r.updatedAt),
    },
    actionsColumn<SdkRow>(t('common:actions'), (r) => ({
      name: r.version,
      onEdit: () => setForm({ sdk: r }),
      onDelete: () => sel.askDelete([r]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('sdk.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="sdk-add">
          {t('sdk.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('sdk.intro')}
      </Typography>
      <ListTable
        data-testid="sdk-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.sdkID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {form && <SdkFormDialog sdk={form.sdk} onClose={() => setForm(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('sdk.deleteTitle')}
        itemLabel={(r) => r.version}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteSdk(r.sdkID))}
      />
    </Box>
  );
}
