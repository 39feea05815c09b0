import { C, type Code } from '@lns/contract/codes';
import { GATEWAY_IMPORT_COLUMNS } from '@lns/contract/gateways';
import { columnOfHeader, GATEWAY_IMPORT_TEMPLATE, headerText, type ImportLocale } from '@lns/contract/imports';
import { DomainError } from '../errors';
import type { SpreadsheetReader } from '../spreadsheets/reader';
import { loadXlsx } from '../spreadsheets/xlsx';

/** One data row of the import sheet: its Excel row number and the cells by column key. */
export interface SheetRow {
  row: number;
  cells: Record<string, unknown>;
}

/**
 * Reads the first sheet of an .xlsx/.xls file (rows limited by IMPORT_LIMITS); header cells name
 * the columns in either language or by key (case, spaces and `*` ignored).
 */
export async function readGatewaySheet(reader: SpreadsheetReader, buf: Buffer): Promise<SheetRow[]> {
  const grid = await reader.read(buf);
  const header = (grid[0] ?? []).map((h) => columnOfHeader(String(h ?? ''), GATEWAY_IMPORT_TEMPLATE));
  for (const c of GATEWAY_IMPORT_COLUMNS) {
    if (c.required && !header.includes(c.key)) {
      throw new DomainError(C.PARAM_FORMAT, `column ${c.key} missing: use the template`, 'file');
    }
  }
  const rows: SheetRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const line = grid[i] ?? [];
    if (line.every((v) => v === '' || v === null || v === undefined)) continue;
    const cells: Record<string, unknown> = {};
    header.forEach((k, j) => {
      if (k) cells[k] = line[j];
    });
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) throw new DomainError(C.PARAM_EMPTY, 'the sheet has no rows', 'file');
  return rows;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const num = (v: unknown) => (text(v) === '' ? undefined : typeof v === 'number' ? v : Number(text(v)));
const bool = (v: unknown) => {
  const s = text(v).toLowerCase();
  if (s === '') return undefined;
  if (['true', '1', 'yes', 'y', '是', 'on'].includes(s)) return true;
  if (['false', '0', 'no', 'n', '否', 'off'].includes(s)) return false;
  return s;
};

/** A sheet row as a create body, for the contract schema to judge. */
export function rowToBody(r: SheetRow): {
  body: Record<string, unknown>;
  problem?: { field: string; code: Code; detail: string };
} {
  const c = r.cells;
  const mapType = text(c.mapType).toLowerCase() || undefined;
  const body: Record<string, unknown> = {
    gwID: text(c.gwID),
    gwName: text(c.gwName),
    gwType: text(c.gwType),
    region: text(c.region),
    subnet: text(c.subnet),
    txPower: num(c.txPower),
    mqttKeepAlive: num(c.mqttKeepAlive),
    statInterval: num(c.statInterval),
    enableClassB: bool(c.enableClassB),
    enableClassC: bool(c.enableClassC),
    remarks: text(c.remarks),
  };
  if (mapType) {
    const suffix = mapType === 'gaode' ? 'ForGaodeMap' : 'ForGoogleMap';
    body.mapType = mapType;
    body[`longitude${suffix}`] = num(c.longitude);
    body[`latitude${suffix}`] = num(c.latitude);
  }
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  // A 16-digit decimal-looking ID typed into a number cell has lost digits already.
  if (typeof c.gwID === 'number') {
    return { body, problem: { field: 'gwID', code: C.PARAM_FORMAT, detail: 'gwID must be a text cell' } };
  }
  return { body };
}

/** The import template: the header row in the caller's language (`*` marks required columns) and one example row. */
export async function gatewayTemplate(locale: ImportLocale): Promise<Buffer> {
  const XLSX = await loadXlsx();
  const header = GATEWAY_IMPORT_TEMPLATE.map((c) => headerText(c, locale));
  const example = [
    'a84041000000a001',
    'gateway-1',
    'rhf2s027',
    'eu868',
    'eu868-default',
    0,
    10,
    300,
    'false',
    'false',
    '',
    'google',
    2.3522,
    48.8566,
  ];
  const ws = XLSX.utils.aoa_to_sheet([header, example]);
  ws['!cols'] = header.map(() => ({ wch: 18 }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'gateways');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
