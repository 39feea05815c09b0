import { formatHex } from '@lns/contract/hex';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { ApiError } from '../../../lib/http';
import { usePaging } from '../../../lib/paging';
import { refusalText } from '../../../lib/refusal';
import { bindMembers, type MemberKind, mcKeys, useAvailable } from '../api';

type Candidate = { id: string; name: string; extra: string };
type Failure = { id: string; reason: string };

/**
 * Pick devices or gateways that could join (the owner's, same region, in no group) and bind
 * them. Binding is all or nothing: a refusal lists each refused item with the reason.
 */
export function AddMembersDialog({ kind, mcEUI, onClose }: { kind: MemberKind; mcEUI: string; onClose: () => void }) {
  const { t } = useTranslation('multicast');
  const qc = useQueryClient();
  const paging = usePaging(`multicast-available-${kind}`);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Failure[]>([]);
  const q = useAvailable(
    kind,
    { mcEUI, pageNo: paging.pageNo, pageSize: paging.pageSize, keyword: keyword.trim() || undefined },
    true,
  );
  const columns: Column<Candidate>[] = [
    { key: 'id', label: kind === 'device' ? t('devEUI') : t('gwID'), nowrap: true, render: (c) => formatHex(c.id) },
    { key: 'name', label: kind === 'device' ? t('devName') : t('gwName') },
    { key: 'extra', label: kind === 'device' ? t('appName') : t('gwType'), priority: 'secondary' },
  ];

  const bind = async () => {
    setBusy(true);
    setFailed([]);
    try {
      await bindMembers(kind, mcEUI, selected.map(String));
      await qc.invalidateQueries({ queryKey: mcKeys.all });
      onClose();
    } catch (e) {
      const items =
        (e instanceof ApiError && (e.envelope?.data as { failed?: { id: string; code: number }[] })?.failed) || [];
      setFailed(
        items.length
          ? items.map((f) => ({ id: f.id, reason: refusalText({ code: f.code }) }))
          : [{ id: '', reason: e instanceof ApiError ? refusalText(e.envelope ?? { code: 1001 }) : String(e) }],
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={kind === 'device' ? t('addDevices') : t('addGateways')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={selected.length === 0 || busy}
            onClick={() => void bind()}
            data-testid="mc-bind"
          >
            {t('bindCount', { count: selected.length })}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          size="small"
          label={t('keyword')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            paging.setPage(1);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'mc-available-keyword' } }}
        />
        {failed.length > 0 && (
          <Alert severity="error" data-testid="mc-bind-failed">
            <Typography variant="body2">{t('bindRefused')}</Typography>
            {failed.map((f) => (
              <Typography key={f.id || 'all'} variant="body2">
                {f.id ? `${formatHex(f.id)}: ` : ''}
                {f.reason}
              </Typography>
            ))}
          </Alert>
        )}
        <ListTable
          data-testid="mc-available"
          columns={columns}
          rows={q.data?.rows ?? []}
          rowKey={(c) => c.id}
          amount={q.data?.amount ?? 0}
          loading={q.isFetching}
          paging={paging}
          selection={{ selected, onChange: setSelected }}
          hidePageSize
        />
      </Box>
    </AppDialog>
  );
}
