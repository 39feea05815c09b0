import { formatHex } from '@lns/contract/hex';
import { RELAY_EVENTS } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useEvents } from '../api';
import { relayLabels } from '../labels';
import { uptimeParts } from '../uptime';
import { useRange } from '../useRange';
import { CallError } from './CallError';

interface Row {
  id: number;
  event: number;
  slaveDevEUI: string | null;
  uptime: number;
  createtime: number;
}

/** Event record: what the relay reported (slave bound, lost, link lost, …) in a time range, by event. */
export function EventCard({ devEUI }: { devEUI: string }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'createtime'>('relay-events', { orderBy: 'createtime', orderType: 'desc' });
  const [range, setRange] = useRange(paging);
  const [event, setEvent] = useState<number | ''>('');
  const q = useEvents(
    devEUI
      ? { devEUI, ...paging.query, startTime: range[0], endTime: range[1], event: event === '' ? undefined : event }
      : null,
  );
  const l = relayLabels(t);
  const columns: Column<Row>[] = [
    { key: 'createtime', label: t('field.createtime'), nowrap: true, render: (r) => formatTime(r.createtime) },
    { key: 'event', label: t('field.event'), render: (r) => l.event(r.event) },
    {
      key: 'slaveDevEUI',
      label: t('field.slaveDevEUI'),
      nowrap: true,
      render: (r) => <Box sx={{ fontFamily: 'monospace' }}>{r.slaveDevEUI ? formatHex(r.slaveDevEUI) : '-'}</Box>,
    },
    {
      key: 'uptime',
      label: t('field.uptime'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => t('uptime', uptimeParts(r.uptime)),
    },
  ];
  return (
    <CardPanel
      title={t('eventRecord')}
      range={{ value: range, onChange: setRange }}
      actions={['refresh']}
      onRefresh={() => void q.refetch()}
      data-testid="event-record"
      extra={
        <TextField
          select
          size="small"
          label={t('field.event')}
          value={event}
          onChange={(e) => {
            setEvent(e.target.value === '' ? '' : Number(e.target.value));
            paging.setPage(1);
          }}
          sx={{ minWidth: 160 }}
          // "All" shows in the box while no filter is chosen.
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'event-filter' },
          }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {Object.values(RELAY_EVENTS).map((v) => (
            <MenuItem key={v} value={v}>
              {l.event(v)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <CallError error={q.error} />
      <ListTable
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        paging={paging}
        loading={q.isFetching}
        data-testid="event-table"
      />
    </CardPanel>
  );
}
