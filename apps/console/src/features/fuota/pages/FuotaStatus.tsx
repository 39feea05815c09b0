import type { FuotaDeviceRow, FuotaTaskRow } from '@lns/contract/fuota';
import { formatHex } from '@lns/contract/hex';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { isRunning, useFuotaDevices, useFuotaInfo } from '../api';
import { AbortDialog } from '../components/AbortDialog';
import { DeviceStateChip, ProgressBar, StatusChip } from '../components/labels';
import { SessionStepper } from '../components/SessionStepper';
import { groupPath } from '../paths';

/** The task's fields: image, fragmentation, where it stands. */
function TaskFields({ task }: { task: FuotaTaskRow }) {
  const { t } = useTranslation('fuota');
  const total = task.nbFrag + task.redundancy;
  return (
    <StatusList
      labelWidth={140}
      items={[
        { label: t('field.firmwareName'), value: task.firmwareName },
        {
          label: t('group'),
          value: (
            <Link component={RouterLink} to={groupPath(task)}>
              {`${task.mcName} (${formatHex(task.mcEUI)})`}
            </Link>
          ),
        },
        { label: t('versions'), value: t('versionsOf', { old: task.oldVersion || '—', new: task.newVersion || '—' }) },
        { label: t('size'), value: t('bytes', { count: task.payloadSize, size: task.payloadSize.toLocaleString() }) },
        {
          label: t('digest'),
          value: <span title={task.digest}>{`${task.digest.slice(0, 16)}…`}</span>,
          copy: task.digest,
          copyable: true,
        },
        { label: t('fragments'), value: t('fragmentsOf', { nb: task.nbFrag, size: task.fragSize }) },
        { label: t('padding'), value: t('paddingOf', { count: task.padding }) },
        {
          label: t('redundancy'),
          value: t('redundancyOf', { percent: task.redundancyPercent, count: task.redundancy }),
        },
        { label: t('fragsSent'), value: t('fragsSentOf', { sent: task.fragsSent, total }) },
        { label: t('nextStepTime'), value: isRunning(task) ? formatTime(task.nextStepTime) : '—' },
        {
          label: t('error'),
          value: task.error_message ? (
            <Typography component="span" color="error" data-testid="fuota-error">
              {task.error_message}
            </Typography>
          ) : (
            '—'
          ),
        },
        { label: t('owner'), value: task.username },
        { label: t('createtime'), value: formatTime(task.createtime) },
        { label: t('finishtime'), value: task.finishtime ? formatTime(task.finishtime) : '—' },
      ]}
    />
  );
}

/** /multicast/fuota/status?fdID=: one task, its session steps and progress, and each device (refreshed while it runs). */
export default function FuotaStatus() {
  const { t } = useTranslation('fuota');
  const [params] = useSearchParams();
  const fdID = Number(params.get('fdID')) || 0;
  const info = useFuotaInfo(fdID);
  const task = info.data;
  const running = task ? isRunning(task) : false;
  const paging = usePaging<'updatetime' | 'devEUI' | 'state'>('fuota-devices', { orderBy: 'devEUI', orderType: 'asc' });
  const devices = useFuotaDevices({ fdID, ...paging.query }, running);
  const [aborting, setAborting] = useState(false);
  // The devices' last state (Done) is written with the end of the task: read them once more then.
  const wasRunning = useRef(running);
  const refetchDevices = devices.refetch;
  useEffect(() => {
    if (wasRunning.current && !running) void refetchDevices();
    wasRunning.current = running;
  }, [running, refetchDevices]);

  if (!task) {
    if (info.isLoading) return <Typography>{t('common:loading')}</Typography>;
    return <Alert severity="warning">{t('noTask')}</Alert>;
  }

  const columns: Column<FuotaDeviceRow>[] = [
    { key: 'devEUI', label: t('devEUI'), nowrap: true, sortable: true, render: (d) => formatHex(d.devEUI) },
    { key: 'devName', label: t('devName'), priority: 'secondary' },
    { key: 'state', label: t('deviceStateLabel'), sortable: true, render: (d) => <DeviceStateChip row={d} /> },
    { key: 'received', label: t('received'), align: 'right', render: (d) => d.nbFragReceived ?? '—' },
    { key: 'missing', label: t('missing'), align: 'right', render: (d) => d.nbFragMissing ?? '—' },
    {
      key: 'error',
      label: t('error'),
      render: (d) =>
        d.error_message ? (
          <Typography variant="body2" color="error">
            {d.error_message}
          </Typography>
        ) : (
          '—'
        ),
    },
    {
      key: 'updatetime',
      label: t('updatetime'),
      nowrap: true,
      sortable: true,
      priority: 'secondary',
      render: (d) => formatTime(d.updatetime),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1200 }} data-testid="fuota-status">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ wordBreak: 'break-word' }}>
          {task.firmwareName}
        </Typography>
        <StatusChip status={task.status} />
        <Box sx={{ flexGrow: 1 }} />
        {running && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<StopIcon />}
            onClick={() => setAborting(true)}
            data-testid="fuota-abort"
          >
            {t('abort')}
          </Button>
        )}
      </Box>
      <CardPanel title={t('session')} data-testid="fuota-session">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ProgressBar value={task.progress} testId="fuota-progress" />
          <Box sx={{ overflowX: 'auto' }}>
            <SessionStepper state={task.state} failed={task.status === 'abnormal'} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('devicesLine', { done: task.doneNums, failed: task.failedNums, total: task.deviceNums })}
          </Typography>
        </Box>
      </CardPanel>
      <CardPanel title={t('task')} actions={['refresh']} onRefresh={() => info.refetch()}>
        <TaskFields task={task} />
      </CardPanel>
      <CardPanel title={t('devicesTitle')} actions={['refresh']} onRefresh={() => devices.refetch()}>
        <ListTable
          data-testid="fuota-devices"
          columns={columns}
          rows={devices.data?.rows ?? []}
          rowKey={(d) => d.devEUI}
          amount={devices.data?.amount ?? 0}
          loading={devices.isFetching}
          paging={paging}
        />
      </CardPanel>
      <AbortDialog task={aborting ? task : null} onClose={() => setAborting(false)} />
    </Box>
  );
}
