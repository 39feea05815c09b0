import type { DeviceOrderField, DeviceRow } from '@lns/contract/devices';
import { formatHex } from '@lns/contract/hex';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { isAppMissing } from '../../../lib/appInfo';
import { useRegions } from '../../../lib/catalog';
import { noteDeviceProduct } from '../../../lib/deviceProducts';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { planName } from '../../../lib/planNames';
import { session } from '../../../lib/session';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteDevices, deviceDeleteRefusals, devKeys, useDeviceList, useLinkedApp } from '../api';
import { AppMissing } from '../components/AppMissing';
import { BatchUpdateDialog } from '../components/BatchUpdateDialog';
import { DeviceEdit } from '../components/DeviceEdit';
import { DeviceFormDialog } from '../components/DeviceFormDialog';
import { ExportDialog } from '../components/ExportDialog';
import { MoveDialog } from '../components/MoveDialog';
import { ResetFcntDialog } from '../components/ResetFcntDialog';
import { TagSelect } from '../components/TagSelect';

const deviceDetailPath = (d: { appID: number; appName: string; devEUI: string; devName: string }) =>
  `/application/device/detail?appID=${d.appID}&appName=${encodeURIComponent(d.appName)}&devEUI=${d.devEUI}&devName=${encodeURIComponent(d.devName)}`;

/** Opening a device of a special product type unlocks that type's pages; its side menu offers them. */
export const openDevice = (d: { devEUI: string; productType: string }) => {
  noteDeviceProduct(d.devEUI, d.productType);
  if (d.productType !== 'lorawan') session.addAccess(d.productType);
};

const FILTER_KEY = 'lns.deviceFilters';
const loadFilters = (appID: number): { regions: string[]; tagsId: number[] } => {
  try {
    const all = JSON.parse(sessionStorage.getItem(FILTER_KEY) ?? '{}');
    return all[appID] ?? { regions: [], tagsId: [] };
  } catch {
    return { regions: [], tagsId: [] };
  }
};

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; devEUI: string }
  | { kind: 'reset'; devEUI: string }
  | { kind: 'batch' | 'move' | 'export' };

/** /application/device/list: an application's devices with filters, sorting, paging, selection and batch actions. */
export default function DeviceList() {
  const { t } = useTranslation('devices');
  const [params] = useSearchParams();
  const { appID, appName, gone } = useLinkedApp(params);
  const paging = usePaging<DeviceOrderField>('device', { orderBy: 'createtime', orderType: 'desc' });
  // Filters are kept per application for the browser session, like the page size is kept per list.
  const [filters, setFiltersState] = useState(() => loadFilters(appID));
  const setFilters = (f: typeof filters) => {
    setFiltersState(f);
    paging.setPage(1);
    try {
      const all = JSON.parse(sessionStorage.getItem(FILTER_KEY) ?? '{}');
      sessionStorage.setItem(FILTER_KEY, JSON.stringify({ ...all, [appID]: f }));
    } catch {}
  };
  const q = useDeviceList({ appID, ...paging.query, ...filters });
  const regions = useRegions().data ?? [];
  const rows = q.data?.rows ?? [];
  // Deleting devices changes the applications' device counts too.
  const sel = useListSelection(rows, (d) => d.devEUI, [devKeys.all, ['applications']]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const selectedEuis = sel.selected.map(String);

  const columns: Column<DeviceRow>[] = [
    {
      key: 'devName',
      label: t('field.devName'),
      sortable: true,
      render: (d) => (
        <Link
          component={RouterLink}
          to={deviceDetailPath(d)}
          onClick={() => openDevice(d)}
          data-testid={`dev-link-${d.devName}`}
        >
          {d.devName}
        </Link>
      ),
    },
    {
      key: 'devEUI',
      label: t('field.devEUI'),
      sortable: true,
      nowrap: true,
      render: (d) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatHex(d.devEUI)}</span>,
    },
    { key: 'authType', label: t('field.authType'), priority: 'optional', render: (d) => t(`auth.${d.authType}`) },
    { key: 'class', label: t('field.class'), priority: 'optional' },
    { key: 'region', label: t('field.region'), sortable: true, priority: 'secondary' },
    {
      key: 'devAddr',
      label: t('field.devAddr'),
      sortable: true,
      nowrap: true,
      priority: 'secondary',
      render: (d) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatHex(d.devAddr)}</span>,
    },
    {
      key: 'tags',
      label: t('field.tags'),
      priority: 'secondary',
      render: (d) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {d.tags.map((x) => (
            <Chip key={x} size="small" label={x} />
          ))}
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('field.status'),
      render: (d) => (
        <Chip size="small" color={d.status === 'joined' ? 'success' : 'default'} label={t(`status.${d.status}`)} />
      ),
    },
    // Last seen beside the status: on a wide screen the counters and remarks are what scrolls.
    {
      key: 'lastSeen',
      label: t('field.lastSeen'),
      sortable: true,
      nowrap: true,
      render: (d) => formatTime(d.lastSeen),
    },
    { key: 'fCntUp', label: t('field.fCntUp'), sortable: true, align: 'right', priority: 'optional' },
    { key: 'fCntDown', label: t('field.fCntDown'), sortable: true, align: 'right', priority: 'optional' },
    { key: 'remarks', label: t('field.remarks'), priority: 'optional' },
    actionsColumn(t('common:actions'), (d) => ({
      name: d.devName,
      onEdit: () => setDialog({ kind: 'edit', devEUI: d.devEUI }),
      more: [
        {
          label: t('resetFcnt'),
          icon: <RestartAltIcon fontSize="small" />,
          onClick: () => setDialog({ kind: 'reset', devEUI: d.devEUI }),
        },
      ],
      onDelete: () => sel.askDelete([d]),
    })),
  ];

  const none = sel.selected.length === 0;
  // A stale or hand-written link: say so, rather than an empty list with buttons that would fail.
  if (appID === 0 || gone || isAppMissing(q.error)) return <AppMissing appID={appID} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('listTitle', { app: appName })}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="dev-add"
        >
          {t('add')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          component={RouterLink}
          to={`/application/device/batch?appID=${appID}&appName=${encodeURIComponent(appName)}`}
          data-testid="dev-import"
        >
          {t('importButton')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<EditNoteIcon />}
          disabled={none}
          onClick={() => setDialog({ kind: 'batch' })}
          data-testid="dev-batch-update"
        >
          {t('batchUpdate')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DriveFileMoveIcon />}
          disabled={none}
          onClick={() => setDialog({ kind: 'move' })}
          data-testid="dev-move"
        >
          {t('move')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => setDialog({ kind: 'export' })}
          data-testid="dev-export"
        >
          {t('export')}
        </Button>
        <DeleteSelectedButton disabled={none} onClick={() => sel.askDelete(sel.chosen)} testId="dev-delete" />
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('field.region')}
          value={filters.regions}
          onChange={(e) => setFilters({ ...filters, regions: e.target.value as unknown as string[] })}
          slotProps={{ select: { multiple: true }, htmlInput: { 'data-testid': 'filter-regions' } }}
          sx={{ minWidth: 200 }}
        >
          {regions.map((r) => (
            <MenuItem key={r.region} value={r.region} data-testid={`filter-region-${r.region}`}>
              {planName(r.name)}
            </MenuItem>
          ))}
        </TextField>
        <TagSelect
          value={filters.tagsId}
          onChange={(tagsId) => setFilters({ ...filters, tagsId })}
          testId="filter-tags"
        />
      </Box>
      <ListTable
        data-testid="dev-table"
        columns={columns}
        rows={rows}
        rowKey={(d) => d.devEUI}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {dialog?.kind === 'add' && <DeviceFormDialog open onClose={() => setDialog(null)} appID={appID} />}
      {dialog?.kind === 'edit' && <DeviceEdit appID={appID} devEUI={dialog.devEUI} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetFcntDialog devEUI={dialog.devEUI} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'batch' && (
        <BatchUpdateDialog appID={appID} devEUIs={selectedEuis} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          appID={appID}
          devEUIs={selectedEuis}
          onClose={() => {
            setDialog(null);
            sel.clear();
          }}
        />
      )}
      {dialog?.kind === 'export' && (
        <ExportDialog appID={appID} devEUIs={selectedEuis} onClose={() => setDialog(null)} />
      )}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(d) => `${d.devName} (${formatHex(d.devEUI)})`}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) => deleteDevices(xs.map((d) => d.devEUI)),
            id: (d) => d.devEUI,
            refused: deviceDeleteRefusals,
          })
        }
      />
    </Box>
  );
}
