import type { AuthType } from '@lns/contract/devices';
import {
  columnOfHeader,
  DEVICE_IMPORT_COLUMNS,
  headerText,
  IMPORT_PROBLEM,
  type ImportColumn,
  type ImportLocale,
  type ImportReport,
} from '@lns/contract/imports';

/** Random hex for the template's example keys: a copied example must never be a well-known key. */
function randomHex(digits: number): string {
  const b = new Uint8Array(digits / 2);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** The template's example row; keys and EUIs fresh on every download. */
export function exampleRow(): Record<string, string> {
  return {
    devEUI: randomHex(16),
    devName: 'device-1',
    appEUI: randomHex(16),
    appKey: randomHex(32),
    devAddr: randomHex(8),
    appSKey: randomHex(32),
    nwkSKey: randomHex(32),
    class: 'A',
    macVersion: '1.0.3',
    productType: 'lorawan',
    region: 'eu868',
    subnet: 'eu868-default',
    autoSubnet: 'false',
    fCntUp: '0',
    fCntDown: '0',
    tags: '',
    remarks: '',
  };
}

/** The template as an .xlsx: headers in the user's language (`*` = required), one example row, every cell text. */
export async function downloadTemplate(authType: AuthType, locale: ImportLocale): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const cols = DEVICE_IMPORT_COLUMNS[authType];
  const example = exampleRow();
  const sheet = XLSX.utils.aoa_to_sheet([
    cols.map((c) => headerText(c, locale)),
    cols.map((c) => example[c.key] ?? ''),
  ]);
  for (const key of Object.keys(sheet)) {
    const cell = sheet[key];
    if (!key.startsWith('!') && cell) cell.z = '@';
  }
  sheet['!cols'] = cols.map(() => ({ wch: 20 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'devices');
  XLSX.writeFile(book, `device-template-${authType}.xlsx`);
}

/** Why a file cannot be read: `columns` names the missing required columns. */
export type ParseProblem = { kind: 'parse' | 'empty' } | { kind: 'columns'; missing: ImportColumn[] };

const BOOL: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  是: true,
  false: false,
  '0': false,
  no: false,
  否: false,
  '': false,
};

export interface ParsedSheet {
  /** Batch-create rows (strings; the server and the contract check them). */
  devices: Record<string, unknown>[];
  /** The sheet row of each device (blank rows are skipped). */
  sheetRows: number[];
}

/**
 * Rows of the first sheet as batch-create devices. Headers may be in either language or the
 * column keys. Throws a ParseProblem when the file cannot be read or lacks a required column.
 */
export async function parseImport(file: File, authType: AuthType): Promise<ParsedSheet> {
  const XLSX = await import('@e965/xlsx');
  let grid: unknown[][];
  try {
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
    const first = book.Sheets[book.SheetNames[0] ?? ''];
    if (!first) throw new Error('no sheet');
    grid = XLSX.utils.sheet_to_json<unknown[]>(first, { header: 1, raw: false, defval: '', blankrows: true });
  } catch {
    throw { kind: 'parse' } satisfies ParseProblem;
  }
  const cols = DEVICE_IMPORT_COLUMNS[authType];
  const header = (grid[0] ?? []).map((h) => columnOfHeader(String(h ?? ''), cols));
  const missing = cols.filter((c) => c.required && !header.includes(c.key));
  if (grid.length > 0 && missing.length) throw { kind: 'columns', missing } satisfies ParseProblem;
  const devices: Record<string, unknown>[] = [];
  const sheetRows: number[] = [];
  grid.slice(1).forEach((line, i) => {
    const cells = new Map<string, string>();
    header.forEach((k, j) => {
      if (k) cells.set(k, String(line[j] ?? '').trim());
    });
    if ([...cells.values()].every((v) => v === '')) return;
    devices.push(toDevice(cells, cols));
    sheetRows.push(i + 2);
  });
  if (devices.length === 0) throw { kind: 'empty' } satisfies ParseProblem;
  return { devices, sheetRows };
}

const ALWAYS = new Set(['devEUI', 'devName', 'appEUI', 'region']);

function toDevice(cells: Map<string, string>, cols: ImportColumn[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key } of cols) {
    const v = cells.get(key) ?? '';
    if (key === 'autoSubnet') out[key] = BOOL[v.toLowerCase()] ?? v;
    else if (key === 'region' || (key === 'productType' && v !== '')) out[key] = v.toLowerCase();
    else if (key === 'class') out[key] = v.toUpperCase() || 'A';
    else if (v !== '' || ALWAYS.has(key)) out[key] = v;
  }
  if (out.autoSubnet) delete out.subnet;
  return out;
}

/** A report on the request's rows (1-based positions) told in sheet rows, duplicates included. */
export function toSheetRows(report: ImportReport, sheetRows: number[]): ImportReport {
  const at = (n: number) => sheetRows[n - 1] ?? n;
  return {
    ...report,
    rows: report.rows.map((r) => ({
      ...r,
      row: at(r.row),
      errors: r.errors.map((e) =>
        e.problem === IMPORT_PROBLEM.duplicateOfRow && typeof e.params?.row === 'number'
          ? { ...e, params: { ...e.params, row: at(e.params.row) } }
          : e,
      ),
    })),
  };
}
