import { formatHex } from '@lns/contract/hex';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { usePaging } from '../../../lib/paging';
import { changeMembers, cutoverKeys, type MemberKind } from '../api';
import { type Candidate, matching, useAvailable } from '../available';
import { RefusalList } from './RefusalList';
import { addRefusals, type ItemRefusal } from './refusals';

/**
 * Pick gateways or devices on the task's current plan and add them. Adding is all or none: a
 * refusal names the refused item and why, and nothing is added.
 */
export function AddMembersDialog(p: { kind: MemberKind; taskId: number; plan: string; onClose: () => void }) {
  const { t } = useTranslation('subnetCutover');
  const qc = useQueryClient();
  const paging = usePaging(`subnet-cutover-available-${p.kind}`);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<ItemRefusal[]>([]);
  const q = useAvailable(p.kind, p.plan);
  const rows = matching(q.data ?? [], keyword);
  const start = (paging.pageNo - 1) * paging.pageSize;
  const device = p.kind === 'device';
  const columns: Column<Candidate>[] = [
    {
      key: 'id',
      label: device ? t('field.devEUI') : t('field.gwID'),
      nowrap: true,
      render: (c) => formatHex(c.id),
    },
    { key: 'name', label: device ? t('field.devName') : t('field.gwName') },
    { key: 'extra', label: device ? t('field.application') : t('common:fields.gwType'), priority: 'secondary' },
  ];

  const add = async () => {
    setBusy(true);
    setFailed([]);
    try {
      await changeMembers(p.kind, p.taskId, selected.map(String));
      await qc.invalidateQueries({ queryKey: cutoverKeys.all });
      p.onClose();
    } catch (e) {
      setFailed(addRefusals(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={p.onClose}
      title={device ? t('members.addDevices') : t('members.addGateways')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={p.onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={selected.length === 0 || busy}
            onClick={() => void add()}
            data-testid="cutover-add-members"
          >
            {t('members.addCount', { count: selected.length })}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('members.available', { plan: p.plan })}
        </Typography>
        <TextField
          size="small"
          label={t('members.keyword')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            paging.setPage(1);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'cutover-available-keyword' } }}
        />
        <RefusalList title={t('members.refused')} items={failed} testId="cutover-add-refused" />
        <ListTable
          data-testid="cutover-available"
          columns={columns}
          rows={rows.slice(start, start + paging.pageSize)}
          rowKey={(c) => c.id}
          amount={rows.length}
          loading={q.isFetching}
          paging={paging}
          selection={{ selected, onChange: setSelected }}
          hidePageSize
        />
      </Box>
    </AppDialog>
  );
}
