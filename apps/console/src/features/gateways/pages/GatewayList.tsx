import { gatewayApi } from '@lns/contract/api/gateways';
import { type GATEWAY_ORDER_FIELDS, type GatewayRow, gatewayLinkName } from '@lns/contract/gateways';
import { formatHex } from '@lns/contract/hex';
import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadIcon from '@mui/icons-material/UploadFile';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { OnlineBadge } from '../../../components/OnlineBadge';
import { actionsColumn } from '../../../components/RowActions';
import { refusalOf } from '../../../lib/api';
import { useRegions } from '../../../lib/catalog';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { refusalText } from '../../../lib/refusal';
import { useListSelection } from '../../../lib/useListSelection';
import { useSession } from '../../../lib/useSession';
import { deleteGateways, gwKeys, useGatewayList, useGatewayTags, useGatewayTypes } from '../api';
import { BatchUpdateDialog } from '../components/BatchUpdateDialog';
import { GatewayFormDialog } from '../components/GatewayFormDialog';
import { LinkChip } from '../components/status/LinkChip';

const detailLink = (g: GatewayRow) => `/gateway/detail?gwID=${g.gwID}&gwName=${encodeURIComponent(g.gwName)}`;

/** The gateways an all-or-nothing delete refused, with the reason of each. */
const refusedGateways = (e: unknown) =>
  new Map((refusalOf(gatewayApi.delete, e)?.errors ?? []).flatMap((x) => (x.gwID ? [[x.gwID, refusalText(x)]] : [])));

/** The online filter's choices and what each sends. */
const ONLINE_FILTER = { all: undefined, online: true, offline: false } as const;
type OnlineFilter = keyof typeof ONLINE_FILTER;

/** /gateway/list: filters (region, type, online, tag), paging, sorting, multi-select, add/update/batch/delete. */
export default function GatewayList() {
  const { t } = useTranslation('gateways');
  const { isAdmin } = useSession();
  const paging = usePaging<(typeof GATEWAY_ORDER_FIELDS)[number]>('gateway', {
    orderBy: 'createtime',
    orderType: 'desc',
  });
  const [regions, setRegions] = useState<string[]>([]);
  const [gwTypes, setGwTypes] = useState<string[]>([]);
  const [online, setOnline] = useState<OnlineFilter>('all');
  const [tagsId, setTagsId] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const filters = { regions, gwTypes, online: ONLINE_FILTER[online], tagsId, keyword: keyword.trim() || undefined };
  const q = useGatewayList({ ...paging.query, ...filters });
  const rows = q.data?.rows ?? [];
  const regionList = useRegions().data ?? [];
  const typeList = useGatewayTypes().data ?? [];
  const tagList = useGatewayTags().data ?? [];
  const regionColor = useMemo(() => new Map(regionList.map((r) => [r.region, r.color])), [regionList]);
  const sel = useListSelection(rows, (g) => g.gwID, [gwKeys.all]);
  const [form, setForm] = useState<{ gateway?: GatewayRow } | null>(null);
  const [batch, setBatch] = useState<GatewayRow[] | null>(null);
  const { chosen } = sel;
  const resetPage =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      paging.setPage(1);
    };

  const columns: Column<GatewayRow>[] = [
    {
      key: 'gwName',
      label: t('gwName'),
      sortable: true,
      render: (g) => (
        <Link component={RouterLink} to={detailLink(g)} data-testid={`gw-link-${g.gwName}`}>
          {g.gwName}
        </Link>
      ),
    },
    {
      key: 'gwID',
      label: t('gwID'),
      sortable: true,
      nowrap: true,
      render: (g) => <Box sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatHex(g.gwID)}</Box>,
    },
    {
      key: 'region',
      label: t('region'),
      sortable: true,
      priority: 'secondary',
      render: (g) => (
        <Chip
          size="small"
          label={`${g.region.toUpperCase()} · ${g.subnet}`}
          sx={{ bgcolor: regionColor.get(g.region), color: '#fff' }}
        />
      ),
    },
    {
      key: 'gwType',
      label: t('gwType'),
      sortable: true,
      priority: 'optional',
      render: (g) => (
        <Chip size="small" variant="outlined" label={g.gwType} sx={{ borderColor: g.typeColor, color: g.typeColor }} />
      ),
    },
    { key: 'online', label: t('online'), sortable: true, render: (g) => <OnlineBadge online={g.online} /> },
    {
      key: 'mqtt',
      label: t('link'),
      priority: 'secondary',
      render: (g) => <LinkChip link={gatewayLinkName(g.mqtt)} testId={`gw-link-kind-${g.gwName}`} />,
    },
    {
      key: 'tags',
      label: t('tags'),
      priority: 'optional',
      render: (g) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {g.tags.map((x) => (
            <Chip key={x.tagId} size="small" label={x.name} />
          ))}
        </Box>
      ),
    },
    {
      key: 'lastSeen',
      label: t('lastSeen'),
      sortable: true,
      nowrap: true,
      render: (g) => (g.lastSeen ? formatTime(g.lastSeen) : '—'),
    },
    ...(isAdmin
      ? [{ key: 'owner', label: t('owner'), priority: 'secondary' as const, render: (g: GatewayRow) => g.owner ?? '' }]
      : []),
    { key: 'remarks', label: t('remarks'), priority: 'secondary' },
    actionsColumn(t('common:actions'), (g) => ({
      name: g.gwName,
      editLabel: t('edit'),
      onEdit: () => setForm({ gateway: g }),
      onDelete: () => sel.askDelete([g]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('title')}>
        <Button startIcon={<RefreshIcon />} onClick={() => void q.refetch()}>
          {t('common:refresh')}
        </Button>
        <Button component={RouterLink} to="/gateway/batch" startIcon={<UploadIcon />}>
          {t('import')}
        </Button>
        <Button
          startIcon={<EditNoteIcon />}
          disabled={chosen.length === 0}
          onClick={() => setBatch(chosen)}
          data-testid="gw-batch"
        >
          {t('batchUpdate')}
        </Button>
        <DeleteSelectedButton disabled={chosen.length === 0} onClick={() => sel.askDelete(chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="gw-add">
          {t('add')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="gw-filters">
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 200 }}
          options={regionList.map((r) => r.region)}
          getOptionLabel={(r) => r.toUpperCase()}
          value={regions}
          onChange={(_e, v) => resetPage(setRegions)(v)}
          renderInput={(p) => (
            <TextField {...p} label={t('region')} inputProps={{ ...p.inputProps, 'data-testid': 'gw-filter-region' }} />
          )}
        />
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 200 }}
          options={typeList.map((x) => x.gwType)}
          value={gwTypes}
          onChange={(_e, v) => resetPage(setGwTypes)(v)}
          renderInput={(p) => <TextField {...p} label={t('gwType')} />}
        />
        <TextField
          select
          size="small"
          label={t('online')}
          value={online}
          onChange={(e) => resetPage(setOnline)(e.target.value as OnlineFilter)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="all">{t('all')}</MenuItem>
          <MenuItem value="online">{t('onlineYes')}</MenuItem>
          <MenuItem value="offline">{t('onlineNo')}</MenuItem>
        </TextField>
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 200 }}
          options={tagList}
          getOptionLabel={(x) => (x.groupName ? `${x.groupName} / ${x.name}` : x.name)}
          isOptionEqualToValue={(a, b) => a.tagId === b.tagId}
          value={tagList.filter((x) => tagsId.includes(x.tagId))}
          onChange={(_e, v) => resetPage(setTagsId)(v.map((x) => x.tagId))}
          renderInput={(p) => (
            <TextField {...p} label={t('tags')} inputProps={{ ...p.inputProps, 'data-testid': 'gw-filter-tag' }} />
          )}
        />
        <TextField
          size="small"
          label={t('keyword')}
          value={keyword}
          onChange={(e) => resetPage(setKeyword)(e.target.value)}
        />
      </Box>
      <ListTable
        data-testid="gw-table"
        columns={columns}
        rows={rows}
        rowKey={(g) => g.gwID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {form && <GatewayFormDialog gateway={form.gateway} onClose={() => setForm(null)} />}
      {batch && (
        <BatchUpdateDialog
          gateways={batch}
          onClose={() => {
            setBatch(null);
            sel.clear();
          }}
        />
      )}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(g) => `${g.gwName} (${formatHex(g.gwID)})`}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) => deleteGateways(xs.map((g) => g.gwID)),
            id: (g) => g.gwID,
            refused: refusedGateways,
          })
        }
      />
    </Box>
  );
}
