import type { NsRow } from '@lns/contract/network-servers';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { useRegions } from '../../../lib/catalog';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteNetworkServer, networkKeys, useNetworkServers, useNtpHost } from '../api';
import { ColorSwatch } from '../components/ColorSwatch';
import { NsFormDialog } from '../components/NsFormDialog';
import { NtpCard } from '../components/NtpCard';

/** /platform/network: where gateways are pointed per region and subnet, and the NTP host. */
export default function Network() {
  const { t } = useTranslation('network');
  const servers = useNetworkServers();
  const ntp = useNtpHost();
  const regions = useRegions();
  const paging = usePaging('network-servers');
  const all = servers.data ?? [];
  // The server answers every entry (one per subnet); the table pages them here.
  const rows = all.slice((paging.pageNo - 1) * paging.pageSize, paging.pageNo * paging.pageSize);
  const sel = useListSelection(rows, (r) => r.nsID, [networkKeys.servers]);
  const [form, setForm] = useState<{ entry?: NsRow } | null>(null);
  const regionColor = (region: string) => regions.data?.find((r) => r.region === region)?.color;

  const columns = [
    {
      key: 'region',
      label: t('field.region'),
      nowrap: true,
      render: (r: NsRow) => {
        const color = regionColor(r.region);
        return (
          <Chip
            size="small"
            label={r.region.toUpperCase()}
            sx={color ? { bgcolor: color, color: (th) => th.palette.getContrastText(color) } : undefined}
          />
        );
      },
    },
    { key: 'subnet', label: t('field.subnet'), nowrap: true },
    {
      key: 'nsURL',
      label: t('field.nsURL'),
      render: (r: NsRow) => (
        <Box component="span" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {r.nsURL}
        </Box>
      ),
    },
    {
      key: 'color',
      label: t('field.color'),
      nowrap: true,
      priority: 'secondary' as const,
      render: (r: NsRow) => <ColorSwatch color={r.color} />,
    },
    {
      key: 'updatedAt',
      label: t('field.updatedAt'),
      nowrap: true,
      priority: 'optional' as const,
      render: (r: NsRow) => formatTime(r.updatedAt),
    },
    actionsColumn<NsRow>(t('common:actions'), (r) => ({
      name: `${r.region} ${r.subnet}`,
      onEdit: () => setForm({ entry: r }),
      onDelete: () => sel.askDelete([r]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('ns.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="ns-add">
          {t('ns.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t('ns.intro')}
      </Typography>
      <ListTable
        data-testid="ns-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.nsID}
        amount={all.length}
        loading={servers.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {ntp.data && <NtpCard key={`${ntp.data.ntpHost}-${ntp.data.updatedAt}`} info={ntp.data} />}
      {form && <NsFormDialog entry={form.entry} taken={all} onClose={() => setForm(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('ns.deleteTitle')}
        itemLabel={(r) => `${r.region.toUpperCase()} ${r.subnet} → ${r.nsURL}`}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteNetworkServer(r.nsID))}
      />
    </Box>
  );
}
