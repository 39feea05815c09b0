import { FUOTA_TASK_STATUSES, type FuotaTaskStatus } from '@lns/contract/fuota';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/ListTable';
import { usePaging } from '../../../lib/paging';
import { useFuotaList } from '../api';
import { GroupPicker } from '../components/GroupPicker';
import { taskColumns } from '../components/taskColumns';

/**
 * /application/fuota/mcgroup-upgrade-list: the groups' upgrades, each with the phase it is in
 * (sync status, switch status, file transfer), its status and progress (refreshed while one runs).
 */
export default function McGroupUpgradeList() {
  const { t } = useTranslation('fuota');
  const paging = usePaging<'createtime' | 'firmwareName' | 'state'>('fuota-mcgroup', { orderBy: 'createtime' });
  const [mcEUI, setMcEUI] = useState('');
  const [status, setStatus] = useState<FuotaTaskStatus | ''>('');
  const q = useFuotaList({ ...paging.query, mcEUI: mcEUI || undefined, status: status || undefined });
  const columns = taskColumns(t, ['group', 'firmwareName', 'kind', 'status', 'progress', 'devices', 'createtime']);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6">{t('mcgroupTitle')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <GroupPicker
          sx={{ width: { xs: '100%', sm: 320 } }}
          label={t('group')}
          value={mcEUI}
          onChange={(x) => {
            setMcEUI(x);
            paging.setPage(1);
          }}
          testId="fuota-filter-group"
        />
        <TextField
          select
          size="small"
          label={t('status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as FuotaTaskStatus | '');
            paging.setPage(1);
          }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">{t('allStatuses')}</MenuItem>
          {FUOTA_TASK_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statusName.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListTable
        data-testid="fuota-mcgroup-table"
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.fdID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
      />
    </Box>
  );
}
