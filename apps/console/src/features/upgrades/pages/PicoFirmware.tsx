import type { picoFirmwareRow } from '@lns/contract/upgrades';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { IconActions } from '../../../components/IconActions';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deletePico, usePicoFirmware } from '../api/catalogues';
import { upgradeKeys } from '../api/keys';
import { PicoFormDialog } from '../components/PicoFormDialog';

type PicoRow = z.infer<typeof picoFirmwareRow>;

/** /gateway/pico-firmware: firmware for pico gateways by gateway type; new, delete. */
export default function PicoFirmware() {
  const { t } = useTranslation('upgrades');
  const paging = usePaging('upgrade-pico');
  const q = usePicoFirmware({ pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.id, [upgradeKeys.all]);
  const [adding, setAdding] = useState(false);
  const label = (r: PicoRow) => `${r.gwType} ${r.version}`;

  const columns = [
    { key: 'gwType', label: t('field.gwType') },
    { key: 'version', label: t('field.firmwareVersion') },
    {
      key: 'fileName',
      label: t('field.fileName'),
      priority: 'secondary' as const,
      render: (r: PicoRow) => (
        <Box component="span" sx={{ wordBreak: 'break-all' }}>
          {r.fileName}
        </Box>
      ),
    },
    {
      key: 'createdAt',
      label: t('field.createdAt'),
      nowrap: true,
      priority: 'secondary' as const,
      render: (r: PicoRow) => formatTime(r.createdAt),
    },
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right' as const,
      stickyRight: true,
      render: (r: PicoRow) => (
        <IconActions
          name={label(r)}
          actions={[
            { label: t('common:delete'), icon: <DeleteIcon fontSize="small" />, onClick: () => sel.askDelete([r]) },
          ]}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('pico.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="pico-add">
          {t('pico.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('pico.intro')}
      </Typography>
      <ListTable
        data-testid="pico-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <PicoFormDialog onClose={() => setAdding(false)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('pico.deleteTitle')}
        itemLabel={label}
        onDelete={(items) => deleteOneByOne(items, (r) => deletePico(r.id))}
      />
    </Box>
  );
}
