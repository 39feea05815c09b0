import type { AuditOrderField, AuditRow } from '@lns/contract/audit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { codeMessage } from '../../../lib/http';
import { usePaging } from '../../../lib/paging';
import { type AuditFilters, useAuditList } from '../api';
import { AuditDetailDialog } from '../components/AuditDetailDialog';
import { AuditFilterBar } from '../components/AuditFilterBar';
import { entityLabel } from '../labels';

/** The last 7 days up to a few minutes ahead (entries made while the page is open stay in range). */
function defaultFilters(now = dayjs()): AuditFilters {
  return {
    userName: '',
    action: '',
    entityType: '',
    entityID: '',
    outcome: '',
    startTime: now.subtract(7, 'day').startOf('day').valueOf(),
    endTime: now.add(5, 'minute').valueOf(),
  };
}

/** /platform/audit-log (admin): every API change and sign-in, filterable; a click shows the entry. */
export default function AuditLog() {
  const { t } = useTranslation(['audit', 'common']);
  const small = useMediaQuery('(max-width:599.98px)');
  const [filters, setFiltersState] = useState(defaultFilters);
  const paging = usePaging<AuditOrderField>('audit', { orderBy: 'createtime', orderType: 'desc' });
  const list = useAuditList(filters, paging.query);
  const [open, setOpen] = useState<AuditRow | null>(null);

  const setFilters = (f: AuditFilters) => {
    setFiltersState(f);
    paging.setPage(1);
  };

  const columns: Column<AuditRow>[] = [
    {
      key: 'createtime',
      nowrap: true,
      label: t('time'),
      sortable: true,
      render: (r) => formatTime(r.createtime),
      width: 170,
    },
    {
      key: 'user',
      label: t('user'),
      render: (r) => (
        <Typography variant="body2" sx={{ fontStyle: r.userID === null ? 'italic' : undefined }}>
          {r.userName}
        </Typography>
      ),
    },
    ...(small ? [] : [{ key: 'clientIP', label: t('clientIP') }]),
    { key: 'action', label: t('action') },
    {
      key: 'entity',
      label: t('entity'),
      render: (r) => (
        <Box
          sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={r.entityID}
        >
          {[entityLabel(t, r.entityType), r.entityID].filter(Boolean).join(' ')}
        </Box>
      ),
    },
    {
      key: 'outcome',
      label: t('outcome'),
      render: (r) => (
        <Tooltip title={`${r.code} ${codeMessage(r.code)}`}>
          <Chip
            size="small"
            variant="outlined"
            color={r.success ? 'success' : 'error'}
            label={r.success ? t('outcomes.success') : `${t('outcomes.failure')} ${r.code}`}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CardPanel
        title={t('title')}
        actions={['refresh']}
        onRefresh={() => void list.refetch()}
        data-testid="audit-card"
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <AuditFilterBar value={filters} onChange={setFilters} />
          <ListTable<AuditRow>
            data-testid="audit-table"
            columns={columns}
            rows={list.data?.rows ?? []}
            rowKey={(r) => r.id}
            amount={list.data?.amount ?? 0}
            loading={list.isFetching}
            paging={paging}
            onRowClick={setOpen}
          />
        </Box>
      </CardPanel>
      <AuditDetailDialog entry={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
