import { type CommandRecord, RECORD_KINDS, type RecordKind } from '@lns/contract/gateway-commands';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayPicker } from '../../../components/GatewayPicker';
import { ListTable } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { useChosenGateway } from '../../../lib/chosenGateway';
import { usePaging } from '../../../lib/paging';
import { useCommandRecords } from '../api';
import { opError } from '../commandError';
import { OpErrorAlert } from '../components/OpErrorAlert';
import { RecordDetailDialog } from '../components/RecordDetailDialog';
import { recordColumns } from '../recordColumns';

/**
 * /gateway/cmd-operation-record: what was asked of gateways (commands, web shell sessions, noise
 * scans, log downloads), newest first, by gateway and kind; a row opens its extra, result and error.
 */
export default function CmdRecords() {
  const { t } = useTranslation('gatewayOps');
  const gw = useChosenGateway();
  const paging = usePaging('gateway-cmd-records');
  const [kind, setKind] = useState<RecordKind | ''>('');
  const [detail, setDetail] = useState<CommandRecord | null>(null);
  const q = useCommandRecords({ gatewayId: gw.gwID, cmdType: kind, pageNo: paging.pageNo, pageSize: paging.pageSize });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('records.title')}>
        <Button startIcon={<RefreshIcon />} onClick={() => void q.refetch()} data-testid="records-refresh">
          {t('common:refresh')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <GatewayPicker
          sx={{ width: { xs: '100%', sm: 320 } }}
          label={t('records.gateway')}
          value={gw.picked}
          onChange={(g) => {
            gw.choose(g);
            paging.setPage(1);
          }}
          testId="records-filter-gateway"
        />
        <TextField
          select
          size="small"
          label={t('records.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as RecordKind | '');
            paging.setPage(1);
          }}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{
            // "All kinds" is a choice of its own, shown like any other.
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'records-filter-kind' },
          }}
        >
          <MenuItem value="">{t('records.allKinds')}</MenuItem>
          {RECORD_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {q.isError && <OpErrorAlert error={opError(q.error)} />}
      <ListTable
        data-testid="records-table"
        columns={recordColumns(t)}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        onRowClick={setDetail}
      />
      <RecordDetailDialog record={detail} onClose={() => setDetail(null)} />
    </Box>
  );
}
