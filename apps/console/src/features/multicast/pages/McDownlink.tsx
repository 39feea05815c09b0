import { formatHex } from '@lns/contract/hex';
import { MC_DOWNLINK_STATUS, type McDownlinkRecord } from '@lns/contract/multicast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppDialog } from '../../../components/AppDialog';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useMcDownlinkStatus, useMcDownlinks, useSendMcDownlink } from '../api';
import { emptyMcForm, type McDownlinkForm, mcBody, validateMc } from '../downlinkForm';

const STATUS_KEY: Record<number, string> = Object.fromEntries(
  Object.entries(MC_DOWNLINK_STATUS).map(([k, v]) => [v, k.toLowerCase()]),
);

/** /multicast/downlink: send a multicast downlink, its history, and what each gateway did. */
export default function McDownlink() {
  const { t } = useTranslation('multicast');
  const [params] = useSearchParams();
  const mcEUI = params.get('mcEUI') ?? '';
  const [form, setForm] = useState<McDownlinkForm>(emptyMcForm);
  const [touched, setTouched] = useState(false);
  const send = useSendMcDownlink();
  const paging = usePaging<'createtime'>('multicast-downlinks', { orderBy: 'createtime' });
  const history = useMcDownlinks({ mcEUI, ...paging.query });
  const [open, setOpen] = useState<McDownlinkRecord | null>(null);
  const errors = touched ? validateMc(form) : {};
  const msg = (e?: { key: string; opts?: object }) => (e ? t(e.key, { ...e.opts }) : undefined);
  const set = (patch: Partial<McDownlinkForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    setTouched(true);
    if (Object.keys(validateMc(form)).length > 0) return;
    await send.mutateAsync(mcBody(mcEUI, form));
    toast.success(t('downlinkSent'));
    setForm((f) => ({ ...f, data: '' }));
    setTouched(false);
  };

  const columns: Column<McDownlinkRecord>[] = [
    { key: 'createtime', label: t('createtime'), nowrap: true, render: (r) => formatTime(r.createtime) },
    { key: 'fPort', label: t('fPort') },
    {
      key: 'data',
      label: t('data'),
      render: (r) => (
        <Box
          title={r.data}
          sx={{
            fontFamily: 'monospace',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            maxWidth: 240,
          }}
        >
          {r.data}
        </Box>
      ),
    },
    { key: 'fCnt', label: 'FCnt', priority: 'secondary' },
    {
      key: 'mcClass',
      label: t('field.mcClass'),
      priority: 'optional',
      render: (r) => t('classOf', { cls: r.mcClass }),
    },
    { key: 'status', label: t('status'), render: (r) => t(`downlinkStatus.${STATUS_KEY[r.status]}`) },
    { key: 'sent', label: t('gatewaysSent'), render: (r) => `${r.sentNums}/${r.gatewayNums}` },
    { key: 'sendAt', label: t('sendAt'), nowrap: true, priority: 'secondary', render: (r) => formatTime(r.sendAt) },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CardPanel title={t('downlinkTitle')} data-testid="mc-downlink-form">
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit().catch(() => {});
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
        >
          <TextField
            size="small"
            required
            label={t('fPort')}
            value={form.fPort}
            onChange={(e) => set({ fPort: e.target.value.replace(/\D/g, '') })}
            error={Boolean(errors.fPort)}
            helperText={msg(errors.fPort) ?? t('fPortHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mc-dl-fport' } }}
          />
          <ToggleButtonGroup size="small" exclusive value={form.mode} onChange={(_e, mode) => mode && set({ mode })}>
            <ToggleButton value="hex" data-testid="mc-dl-hex">
              HEX
            </ToggleButton>
            <ToggleButton value="text" data-testid="mc-dl-text">
              {t('text')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            size="small"
            required
            multiline
            minRows={2}
            label={t('data')}
            value={form.data}
            onChange={(e) => set({ data: e.target.value })}
            error={Boolean(errors.data)}
            helperText={msg(errors.data) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'mc-dl-data', style: { fontFamily: 'monospace' } } }}
          />
          <Alert severity="info">{t('unconfirmedHint')}</Alert>
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending} data-testid="mc-dl-send">
              {t('send')}
            </Button>
          </Box>
        </Box>
      </CardPanel>
      <CardPanel title={t('downlinkHistory')} actions={['refresh']} onRefresh={() => history.refetch()}>
        <ListTable
          data-testid="mc-dl-history"
          columns={columns}
          rows={history.data?.rows ?? []}
          rowKey={(r) => r.msgID}
          amount={history.data?.amount ?? 0}
          loading={history.isFetching}
          paging={paging}
          onRowClick={setOpen}
        />
      </CardPanel>
      {open && <DownlinkStatusDialog record={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function DownlinkStatusDialog({ record, onClose }: { record: McDownlinkRecord; onClose: () => void }) {
  const { t } = useTranslation('multicast');
  const paging = usePaging('multicast-downlink-gateways');
  const q = useMcDownlinkStatus({ mcEUI: record.mcEUI, msgID: record.msgID, createtime: record.createtime });
  type Gw = NonNullable<typeof q.data>['gateways'][number];
  const columns: Column<Gw>[] = [
    { key: 'gwID', label: t('gwID'), nowrap: true, render: (g) => formatHex(g.gwID) },
    { key: 'delivery', label: t('delivery'), render: (g) => t(`deliveryOf.${g.delivery}`) },
    { key: 'error', label: t('gatewayError'), render: (g) => g.error ?? '—' },
    { key: 'dltime', label: t('dltime'), nowrap: true, render: (g) => formatTime(g.dltime) },
  ];
  return (
    <AppDialog open onClose={onClose} title={t('downlinkDetail', { fCnt: record.fCnt })} maxWidth="md">
      <ListTable
        data-testid="mc-dl-gateways"
        columns={columns}
        rows={q.data?.gateways ?? []}
        rowKey={(g) => g.gwID}
        amount={q.data?.gateways.length ?? 0}
        loading={q.isFetching}
        paging={paging}
        hidePageSize
      />
    </AppDialog>
  );
}
