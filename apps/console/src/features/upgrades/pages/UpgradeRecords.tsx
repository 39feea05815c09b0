import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GatewayPicker } from '../../../components/GatewayPicker';
import { ListTable } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { useChosenGateway } from '../../../lib/chosenGateway';
import { usePaging } from '../../../lib/paging';
import { useGatewayRecords } from '../api/records';
import { recordColumns } from '../components/recordColumns';

/** /gateway/upgrade-record?gwID=: a gateway's upgrades (every gateway's without one), newest first. */
export default function UpgradeRecords() {
  const { t } = useTranslation('upgrades');
  const gw = useChosenGateway();
  const paging = usePaging('upgrade-records');
  const q = useGatewayRecords(gw.gwID, { pageNo: paging.pageNo, pageSize: paging.pageSize });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('records.title')}>
        <Button startIcon={<RefreshIcon />} onClick={() => void q.refetch()} data-testid="records-refresh">
          {t('common:refresh')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <GatewayPicker
          sx={{ width: { xs: '100%', sm: 360 } }}
          label={t('records.gateway')}
          value={gw.picked}
          onChange={(g) => {
            gw.choose(g);
            paging.setPage(1);
          }}
          testId="records-filter-gateway"
        />
        {!gw.gwID && (
          <Typography variant="body2" color="text.secondary">
            {t('records.allGateways')}
          </Typography>
        )}
      </Box>
      {gw.missing && <Alert severity="warning">{t('records.gatewayMissing')}</Alert>}
      <ListTable
        data-testid="upgrade-records-table"
        // On a phone the task and the state stay; the gateway is the one chosen above.
        columns={recordColumns(t, [
          'updatedAt',
          'gateway',
          'task',
          'kind',
          'fromTo',
          'state',
          'installStatus',
          'tries',
          'error',
        ]).map((c) => (c.key === 'gateway' && gw.gwID ? { ...c, priority: 'secondary' as const } : c))}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
      />
    </Box>
  );
}
