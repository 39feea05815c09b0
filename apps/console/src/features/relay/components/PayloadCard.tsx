import { PAYLOAD_DIRECTIONS, type PayloadRow } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { usePayloads } from '../api';
import { relayLabels } from '../labels';
import { useRange } from '../useRange';
import { CallError } from './CallError';

type Direction = (typeof PAYLOAD_DIRECTIONS)[number];

/**
 * Downlink payloads: data sent to the device (status of its frames, parts it took) and, for a
 * ladtp, the RS485 data it sent up (reassembled, with the device's read time).
 */
export function PayloadCard({ devEUI, ladtp }: { devEUI: string; ladtp: boolean }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'createtime'>('relay-payloads', { orderBy: 'createtime', orderType: 'desc' });
  const [range, setRange] = useRange(paging);
  const [direction, setDirection] = useState<Direction | ''>('');
  const q = usePayloads(
    devEUI
      ? { devEUI, ...paging.query, startTime: range[0], endTime: range[1], direction: direction || undefined }
      : null,
    true,
  );
  const l = relayLabels(t);
  const directionColumn: Column<PayloadRow> = {
    key: 'direction',
    label: t('field.direction'),
    render: (r) => (
      <Chip
        size="small"
        variant="outlined"
        color={r.direction === 'up' ? 'primary' : 'secondary'}
        label={t(`direction.${r.direction}`)}
      />
    ),
  };
  const columns: Column<PayloadRow>[] = [
    { key: 'createtime', label: t('field.createtime'), nowrap: true, render: (r) => formatTime(r.createtime) },
    // A relay's payloads all go down: only a ladtp's have a direction to show.
    ...(ladtp ? [directionColumn] : []),
    { key: 'fPort', label: t('field.fPort'), priority: 'secondary' },
    {
      key: 'data',
      label: t('field.data'),
      render: (r) => (
        <Box
          title={r.data}
          sx={{
            fontFamily: 'monospace',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            maxWidth: 260,
          }}
        >
          {r.data}
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('field.status'),
      render: (r) => (r.direction === 'down' ? l.downlinkStatus(r.status) : '-'),
    },
    { key: 'parts', label: t('field.parts'), align: 'right', priority: 'secondary' },
    ...(ladtp
      ? [
          {
            key: 'readAt',
            label: t('field.readAt'),
            nowrap: true,
            priority: 'optional' as const,
            render: (r: PayloadRow) => formatTime(r.readAt) || '-',
          },
        ]
      : []),
  ];
  return (
    <CardPanel
      title={ladtp ? t('rs485Data') : t('payloads')}
      range={{ value: range, onChange: setRange }}
      actions={['refresh']}
      onRefresh={() => void q.refetch()}
      data-testid="payload-card"
      extra={
        ladtp && (
          <TextField
            select
            size="small"
            label={t('field.direction')}
            value={direction}
            onChange={(e) => {
              setDirection(e.target.value as Direction | '');
              paging.setPage(1);
            }}
            sx={{ minWidth: 120 }}
            // "All" shows in the box while no filter is chosen.
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'payload-direction' },
            }}
          >
            <MenuItem value="">{t('all')}</MenuItem>
            {PAYLOAD_DIRECTIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`direction.${d}`)}
              </MenuItem>
            ))}
          </TextField>
        )
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
        data-testid="payload-table"
      />
    </CardPanel>
  );
}
