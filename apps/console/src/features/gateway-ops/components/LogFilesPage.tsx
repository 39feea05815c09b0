import { LOG_DIRS, type LogFile } from '@lns/contract/gateway-commands';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListTable } from '../../../components/ListTable';
import { useChosenGateway } from '../../../lib/chosenGateway';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { downloadLog, type LogDir, useLogFiles } from '../api';
import { opError } from '../commandError';
import { type LogOrder, pageOfLogs } from '../logFiles';
import { GatewayBar } from './GatewayBar';
import { OpErrorAlert } from './OpErrorAlert';

/**
 * A gateway's log directory as its agent lists it (the gateway must be online): name, size,
 * modified; each file downloads through the server. Sorted and paged here: the list comes whole.
 */
export function LogFilesPage({ dir }: { dir: LogDir }) {
  const { t } = useTranslation('gatewayOps');
  const gw = useChosenGateway();
  const paging = usePaging<LogOrder>(`gateway-logs-${LOG_DIRS[dir]}`, { orderBy: 'modifiedAt', orderType: 'desc' });
  const files = useLogFiles(dir, gw.gwID);
  const [saving, setSaving] = useState<string | null>(null);
  const all = files.data ?? [];

  const save = async (f: LogFile) => {
    setSaving(f.logName);
    try {
      await downloadLog(dir, gw.gwID, f.logName);
    } catch {
      // The client toasted the refusal in its code's words (offline, too large).
    } finally {
      setSaving(null);
    }
  };

  const columns: Column<LogFile>[] = [
    { key: 'logName', label: t('logs.name'), sortable: true, render: (f) => f.logName },
    {
      key: 'logSize',
      label: t('logs.size'),
      sortable: true,
      align: 'right',
      nowrap: true,
      render: (f) => t('logs.kb', { value: f.logSize }),
    },
    {
      key: 'modifiedAt',
      label: t('logs.modified'),
      sortable: true,
      nowrap: true,
      priority: 'secondary',
      render: (f) => formatTime(f.modifiedAt),
    },
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right',
      stickyRight: true,
      render: (f) => (
        <Tooltip title={t('logs.download')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${t('logs.download')} ${f.logName}`}
              disabled={saving !== null}
              loading={saving === f.logName}
              onClick={() => void save(f)}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h6">{t('logs.title', { dir })}</Typography>
      <GatewayBar gw={gw}>
        <Button
          startIcon={<RefreshIcon />}
          disabled={!gw.gwID}
          loading={files.isFetching}
          loadingPosition="start"
          onClick={() => void files.refetch()}
          data-testid="logs-refresh"
        >
          {t('common:refresh')}
        </Button>
      </GatewayBar>
      {!gw.gwID && <Alert severity="info">{t('picker.first')}</Alert>}
      {files.isError && <OpErrorAlert error={opError(files.error)} testId="logs-error" />}
      <ListTable
        data-testid="logs-table"
        columns={columns}
        rows={pageOfLogs(all, paging)}
        rowKey={(f) => f.logName}
        amount={all.length}
        loading={files.isFetching}
        paging={paging}
      />
    </Box>
  );
}
