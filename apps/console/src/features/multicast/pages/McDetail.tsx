import { formatHex } from '@lns/contract/hex';
import { MC_GROUP_ID_NONE, MC_SYNC_STATES, TIME_SLOT } from '@lns/contract/multicast';
import RestartIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EChart } from '../../../components/EChart';
import { type Column, ListTable } from '../../../components/ListTable';
import { TOOLBAR_NARROW } from '../../../components/ListToolbar';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { resetGroup, useMcInfo, useMcRoute, useMcStatus } from '../api';
import { GroupFormDialog } from '../components/GroupFormDialog';
import { routeGraph } from '../components/routeGraph';
import { SyncChip } from '../components/SyncState';

type RouteGateway = NonNullable<ReturnType<typeof useMcRoute>['data']>['gateways'][number];

/** /multicast/detail: the group's settings and keys, its setup progress, and the route chart. */
export default function McDetail() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const info = useMcInfo(mcEUI);
  const status = useMcStatus(mcEUI);
  const route = useMcRoute(mcEUI);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const gwPaging = usePaging('multicast-route');
  const narrow = useMediaQuery(TOOLBAR_NARROW);
  const option = useMemo(
    () =>
      route.data
        ? routeGraph(
            route.data,
            { gateway: t('routeGateway'), member: t('routeMember'), device: t('routeDevice') },
            narrow,
          )
        : null,
    [route.data, t, narrow],
  );
  const g = info.data;
  if (!g) return info.isLoading ? <Typography>{t('common:loading')}</Typography> : null;

  const gwColumns: Column<RouteGateway>[] = [
    { key: 'gwID', label: t('gwID'), nowrap: true, render: (r) => formatHex(r.gwID) },
    { key: 'gwName', label: t('gwName') },
    { key: 'online', label: t('online'), render: (r) => (r.online ? t('common:yes') : t('common:no')) },
    { key: 'member', label: t('routeMember'), render: (r) => (r.member ? t('common:yes') : t('common:no')) },
    { key: 'deviceNums', label: t('heardDevices') },
  ];
  const s = status.data;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1200 }} data-testid="mc-detail">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {g.mcName}
        </Typography>
        {g.enableMCRemote && (
          <Button
            variant="outlined"
            startIcon={<RestartIcon />}
            onClick={() => setResetting(true)}
            data-testid="mc-reset"
          >
            {t('reset')}
          </Button>
        )}
      </Box>
      <CardPanel
        title={t('info')}
        actions={['update', 'refresh']}
        onUpdate={() => setEditing(true)}
        onRefresh={() => info.refetch()}
      >
        <StatusList
          items={[
            { label: t('field.mcEUI'), value: formatHex(g.mcEUI), copy: g.mcEUI, copyable: true },
            {
              label: t('field.region'),
              value: `${g.region.toUpperCase()} · ${g.subnet === 'auto' ? t('auto') : g.subnet}`,
            },
            { label: t('field.mcClass'), value: t('classOf', { cls: g.mcClass }) },
            ...(g.mcClass === 'B'
              ? [{ label: t('field.pingSlotPeriod'), value: t('seconds', { count: g.pingSlotPeriod }) }]
              : []),
            { label: t('field.enableMCRemote'), value: g.enableMCRemote ? t('common:yes') : t('common:no') },
            { label: t('field.groupID'), value: g.groupID === MC_GROUP_ID_NONE ? t('groupIDNone') : g.groupID },
            {
              label: t('field.timeSlotLength'),
              value: g.enableMCExt
                ? t('timeSlot', { level: g.timeSlotLength, ms: g.timeSlotLength * TIME_SLOT.stepMs })
                : '—',
            },
            { label: t('field.mcAddr'), value: g.mcAddr.toUpperCase(), copy: g.mcAddr, copyable: true },
            { label: t('field.genAppKey'), value: g.genAppKey, copyable: true },
            { label: t('field.mcAppSKey'), value: g.mcAppSKey, copyable: true },
            { label: t('field.mcNwkSKey'), value: g.mcNwkSKey, copyable: true },
            { label: t('owner'), value: g.username },
            { label: t('createtime'), value: formatTime(g.createtime) },
          ]}
        />
      </CardPanel>
      <CardPanel title={t('setup')} data-testid="mc-status">
        {s && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {MC_SYNC_STATES.filter((st) => s.states[st] > 0).map((st) => (
                <Box key={st} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                  <SyncChip state={st} error={null} />
                  <Typography variant="body2">{s.states[st]}</Typography>
                </Box>
              ))}
              {s.deviceNums === 0 && <Typography color="text.secondary">{t('noMembers')}</Typography>}
            </Box>
            <StatusList
              items={[
                { label: t('syncFCnt'), value: s.syncFCnt },
                { label: t('sessionEnds'), value: s.sessionEnds ? formatTime(s.sessionEnds) : '—' },
              ]}
            />
          </Box>
        )}
      </CardPanel>
      <CardPanel title={t('route')} actions={['refresh']} onRefresh={() => route.refetch()} data-testid="mc-route">
        {route.data && route.data.devices.length === 0 ? (
          <Typography color="text.secondary">{t('routeEmpty')}</Typography>
        ) : (
          option && <EChart option={option} height={480} testId="mc-route-chart" />
        )}
        <Box sx={{ mt: 2 }}>
          <ListTable
            data-testid="mc-route-gateways"
            columns={gwColumns}
            rows={(route.data?.gateways ?? []).slice(
              (gwPaging.pageNo - 1) * gwPaging.pageSize,
              gwPaging.pageNo * gwPaging.pageSize,
            )}
            rowKey={(r) => r.gwID}
            amount={route.data?.gateways.length ?? 0}
            paging={gwPaging}
            loading={route.isFetching}
          />
        </Box>
      </CardPanel>
      {editing && <GroupFormDialog onClose={() => setEditing(false)} group={g} />}
      <ConfirmDialog
        open={resetting}
        title={t('reset')}
        message={t('resetConfirm')}
        color="warning"
        onConfirm={async () => {
          await resetGroup(g.mcEUI);
          toast.success(t('resetDone'));
          void status.refetch();
          void info.refetch();
        }}
        onClose={() => setResetting(false)}
      />
    </Box>
  );
}
