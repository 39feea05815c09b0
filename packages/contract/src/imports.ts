/**
 * Spreadsheet imports (devices and gateways) share one flow: the rows are checked without
 * writing (a dry run), the console shows every row with all its problems, and only then are they
 * written. The rule is all rows or none: one failing row refuses the whole import.
 *
 * Problems are structured, never prose: a response code, the column, a problem key and its
 * parameters; the console words them in the user's language.
 */
import { z } from 'zod';
import type { AuthType } from './devices';
import { GATEWAY_IMPORT_COLUMNS } from './gateways';
import { UPLOAD_MAX_BYTES } from './limits';

/** Problem keys of the imports' own checks; any other key is a `common:validation` key. */
export const IMPORT_PROBLEM = {
  /** Words of the response code (e.g. "gateway ID already exists"). */
  byCode: 'byCode',
  /** The same ID (or name, or session) appears in an earlier row: params.row. */
  duplicateOfRow: 'duplicateOfRow',
  /** A tag name the owner does not have: params.name. */
  tagMissing: 'tagMissing',
  /** A tag name held by several of the owner's tag groups: write it as group/name. params.name. */
  tagAmbiguous: 'tagAmbiguous',
  /** Not one of the allowed values: params.allowed. */
  oneOf: 'oneOf',
} as const;

export const importIssue = z.object({
  code: z.number().int(),
  /** The column key (as in the template), absent for a problem of the whole row. */
  field: z.string().optional(),
  /** An IMPORT_PROBLEM or a validation key. */
  problem: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const importRow = z.object({
  /** The sheet row for a file import; the 1-based position for a list of devices. */
  row: z.number().int(),
  id: z.string(),
  name: z.string(),
  errors: z.array(importIssue),
});
export type ImportRow = z.infer<typeof importRow>;

/** What an import (or its dry run) found: every row with all its problems, and how many were written. */
export const importReport = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  rows: z.array(importRow),
});
export type ImportReport = z.infer<typeof importReport>;

/** Both imports take files of at most this size. */
export const IMPORT_FILE_BYTES = UPLOAD_MAX_BYTES;
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;

/** A byte count as shown to users: "1 MB", "512 KB" (binary units, as the limits are). */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** A template column: its key, whether it must be filled, and its header in each language. */
export interface ImportColumn {
  key: string;
  required: boolean;
  label: { 'en-US': string; 'zh-CN': string };
}

const L = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });
const LABELS: Record<string, ImportColumn['label']> = {
  devEUI: L('DevEUI', 'DevEUI'),
  devName: L('Device name', '设备名称'),
  appEUI: L('AppEUI', 'AppEUI'),
  appKey: L('AppKey', 'AppKey'),
  devAddr: L('DevAddr', 'DevAddr'),
  appSKey: L('AppSKey', 'AppSKey'),
  nwkSKey: L('NwkSKey', 'NwkSKey'),
  class: L('Class', '设备类别'),
  macVersion: L('MAC version', 'MAC 版本'),
  productType: L('Product type', '产品类型'),
  region: L('Region', '区域'),
  subnet: L('Subnet', '子网'),
  autoSubnet: L('Auto subnet', '自动子网'),
  fCntUp: L('Uplink frame counter', '上行帧计数'),
  fCntDown: L('Downlink frame counter', '下行帧计数'),
  tags: L('Tags', '标签'),
  remarks: L('Remarks', '备注'),
  gwID: L('Gateway ID', '网关 ID'),
  gwName: L('Gateway name', '网关名称'),
  gwType: L('Gateway type', '网关类型'),
  txPower: L('Tx power', '发射功率'),
  mqttKeepAlive: L('MQTT keep-alive', 'MQTT 保活时间'),
  statInterval: L('Status interval', '状态上报间隔'),
  enableClassB: L('Class B', 'Class B'),
  enableClassC: L('Class C', 'Class C'),
  mapType: L('Map type', '地图类型'),
  longitude: L('Longitude', '经度'),
  latitude: L('Latitude', '纬度'),
};

const column = (key: string, required: boolean): ImportColumn => ({ key, required, label: LABELS[key]! });

const DEVICE_HEAD = ['devEUI', 'devName', 'appEUI'];
const DEVICE_TAIL = ['class', 'macVersion', 'productType', 'region', 'subnet', 'autoSubnet', 'fCntUp', 'fCntDown'];
const DEVICE_REQUIRED = new Set(['devEUI', 'devName', 'appEUI', 'region', 'appKey', 'devAddr', 'appSKey', 'nwkSKey']);

/** Device template columns per activation, in order. */
export const DEVICE_IMPORT_COLUMNS: Record<AuthType, ImportColumn[]> = {
  otaa: [...DEVICE_HEAD, 'appKey', ...DEVICE_TAIL, 'tags', 'remarks'].map((k) => column(k, DEVICE_REQUIRED.has(k))),
  abp: [...DEVICE_HEAD, 'devAddr', 'appSKey', 'nwkSKey', ...DEVICE_TAIL, 'tags', 'remarks'].map((k) =>
    column(k, DEVICE_REQUIRED.has(k)),
  ),
};

/** Gateway template columns, in order. */
export const GATEWAY_IMPORT_TEMPLATE: ImportColumn[] = GATEWAY_IMPORT_COLUMNS.map((c) => column(c.key, c.required));

export type ImportLocale = keyof ImportColumn['label'];

/** The header cell of a column in a language: `*` marks a required column. */
export const headerText = (c: ImportColumn, locale: ImportLocale): string =>
  `${c.label[locale]}${c.required ? '*' : ''}`;

/** A column's label for messages ("Tx power"); the key itself for a field that is no column. */
export function columnLabel(key: string | undefined, locale: ImportLocale): string {
  return key ? (LABELS[key]?.[locale] ?? key) : '';
}

const squash = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, '').toLowerCase();

/**
 * The column key a header cell names, in either language or as the key itself (case, spaces and
 * `*` ignored), so a template filled in one language imports under the other.
 */
export function columnOfHeader(cell: string, columns: readonly ImportColumn[]): string | undefined {
  const h = squash(cell);
  if (!h) return undefined;
  return columns.find((c) => squash(c.key) === h || squash(c.label['en-US']) === h || squash(c.label['zh-CN']) === h)
    ?.key;
}

/** Tag names in a cell (a name, or group/name when groups share a name): separated by commas or semicolons (either width), blanks dropped. */
export function tagNamesOf(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[,;，；]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
