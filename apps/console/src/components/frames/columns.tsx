import type { AppMessage, GatewayFrame, ProtocolFrame } from '@lns/contract/frames';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatTime } from '../../lib/format';
import { decodedPreview, eui, mhz, msgTypeName, sfbw } from './format';

/** A column of a frame table: live tables and history lists both render these. */
export interface FrameColumn<T> {
  key: string;
  label: ReactNode;
  render: (frame: T) => ReactNode;
  width?: number | string;
  /** IDs and times stay on one line in history tables too. */
  nowrap?: boolean;
}

/** Column sets shared by the live pages and the history pages. */
const dir = (t: TFunction, uplink: boolean) => (uplink ? t('live:up') : t('live:down'));
const num = (n: number | null | undefined) => (n == null ? '' : String(n));

export function protocolColumns(t: TFunction): FrameColumn<ProtocolFrame>[] {
  return [
    { key: 'createtime', nowrap: true, label: t('live:col.time'), render: (f) => formatTime(f.createtime) },
    { key: 'uplink', label: t('live:col.direction'), render: (f) => dir(t, f.uplink) },
    { key: 'msgType', label: t('live:col.msgType'), render: (f) => msgTypeName(f.msgType) },
    { key: 'devAddr', nowrap: true, label: t('live:col.devAddr'), render: (f) => eui(f.devAddr) },
    { key: 'fCnt', label: t('live:col.fCnt'), render: (f) => num(f.fCnt) },
    { key: 'fPort', label: t('live:col.fPort'), render: (f) => num(f.fPort) },
    { key: 'sfbw', label: t('live:col.sfbw'), render: (f) => sfbw(f.sf, f.bw) },
    { key: 'freq', label: t('live:col.freq'), render: (f) => mhz(f.freq) },
    { key: 'rssi', label: t('live:col.rssi'), render: (f) => num(f.rssi) },
    { key: 'snr', label: t('live:col.snr'), render: (f) => num(f.snr) },
    { key: 'gwID', nowrap: true, label: t('live:col.gwID'), render: (f) => eui(f.gwID) },
    { key: 'data', label: t('live:col.phy'), render: (f) => f.phy },
  ];
}

const first = (m: AppMessage) => m.rxInfo[0];

export function appColumns(t: TFunction, withDevice = false): FrameColumn<AppMessage>[] {
  const cols: FrameColumn<AppMessage>[] = [
    { key: 'createtime', nowrap: true, label: t('live:col.time'), render: (m) => formatTime(m.createtime) },
    { key: 'type', label: t('live:col.type'), render: (m) => t(`live:type.${m.type}`) },
    { key: 'fCnt', label: t('live:col.fCnt'), render: (m) => num(m.fCnt) },
    { key: 'fPort', label: t('live:col.fPort'), render: (m) => num(m.fPort) },
    {
      key: 'confirmed',
      label: t('live:col.confirmed'),
      render: (m) => (m.confirmed ? t('common:yes') : t('common:no')),
    },
    { key: 'sfbw', label: t('live:col.sfbw'), render: (m) => sfbw(m.sf, m.bw) },
    { key: 'freq', label: t('live:col.freq'), render: (m) => mhz(m.freq) },
    { key: 'rssi', label: t('live:col.rssi'), render: (m) => num(first(m)?.rssi) },
    { key: 'snr', label: t('live:col.snr'), render: (m) => num(first(m)?.snr) },
    { key: 'data', label: t('live:col.data'), render: (m) => m.data },
    { key: 'decoded', label: t('live:col.decoded'), render: (m) => <Decoded message={m} t={t} /> },
  ];
  if (withDevice) {
    cols.splice(
      1,
      0,
      { key: 'devEUI', nowrap: true, label: t('live:col.devEUI'), render: (m) => eui(m.devEUI) },
      { key: 'devName', label: t('live:col.devName'), render: (m) => m.devName },
    );
  }
  return cols;
}

export function gatewayColumns(t: TFunction): FrameColumn<GatewayFrame>[] {
  return [
    { key: 'createtime', nowrap: true, label: t('live:col.time'), render: (f) => formatTime(f.createtime) },
    { key: 'uplink', label: t('live:col.direction'), render: (f) => dir(t, f.uplink) },
    { key: 'msgType', label: t('live:col.msgType'), render: (f) => msgTypeName(f.msgType) },
    { key: 'devAddr', nowrap: true, label: t('live:col.devAddr'), render: (f) => eui(f.devAddr) },
    { key: 'devEUI', nowrap: true, label: t('live:col.devEUI'), render: (f) => eui(f.devEUI) },
    { key: 'sfbw', label: t('live:col.sfbw'), render: (f) => sfbw(f.sf, f.bw) },
    { key: 'freq', label: t('live:col.freq'), render: (f) => mhz(f.freq) },
    { key: 'rssi', label: t('live:col.rssi'), render: (f) => num(f.rssi) },
    { key: 'snr', label: t('live:col.snr'), render: (f) => num(f.snr) },
    { key: 'size', label: t('live:col.size'), render: (f) => num(f.size) },
    { key: 'data', label: t('live:col.phy'), render: (f) => f.phy },
  ];
}

/** The decoded payload as a one-line preview cut at its end; the whole of it in the tooltip. */
function Decoded({ message, t }: { message: AppMessage; t: TFunction }) {
  if (message.decodeError)
    return (
      <Typography variant="body2" color="error" noWrap title={message.decodeError} sx={{ maxWidth: 280 }}>
        {t('live:decodeFailed')}
      </Typography>
    );
  const text = decodedPreview(message.object);
  if (!text) return '—';
  return (
    <Typography
      variant="body2"
      noWrap
      title={JSON.stringify(message.object, null, 2)}
      sx={{ maxWidth: 280 }}
      data-testid="decoded-preview"
    >
      {text}
    </Typography>
  );
}
