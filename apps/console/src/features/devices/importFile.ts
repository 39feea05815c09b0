import type { AuthType } from '@lns/contract/devices';
import { IMPORT_FILE_MAX } from '@lns/contract/devices';

/** Template columns per activation; the first row of the sheet must name them. */
export const TEMPLATE_COLUMNS: Record<AuthType, string[]> = {
  otaa: [
    'devEUI',
    'devName',
    'appEUI',
    'appKey',
    'class',
    'macVersion',
    'productType',
    'region',
    'subnet',
    'autoSubnet',
    'fCntUp',
    'fCntDown',
    'remarks',
  ],
  abp: [
    'devEUI',
    'devName',
    'appEUI',
    'devAddr',
    'appSKey',
    'nwkSKey',
    'class',
    'macVersion',
    'productType',
    'region',
    'subnet',
    'autoSubnet',
    'fCntUp',
    'fCntDown',
    'remarks',
  ],
};

const EXAMPLE: Record<string, string> = {
  devEUI: '70B3D57ED0000001',
  devName: 'device-1',
  appEUI: '70B3D57ED0000000',
  appKey: '2B7E151628AED2A6ABF7158809CF4F3C',
  devAddr: '26011BDA',
  appSKey: '2B7E151628AED2A6ABF7158809CF4F3C',
  nwkSKey: '3C4F9CF0885817F7A6D2AE2816157E2B',
  class: 'A',
  macVersion: '1.0.3',
  productType: 'lorawan',
  region: 'eu868',
  subnet: 'eu868-default',
  autoSubnet: 'false',
  fCntUp: '0',
  fCntDown: '0',
  remarks: '',
};

export type ImportProblem = 'fileType' | 'fileSize' | 'parse' | 'template' | 'empty';

export function checkFile(file: File): ImportProblem | undefined {
  if (!/\.(xlsx|xls)$/i.test(file.name)) return 'fileType';
  if (file.size > IMPORT_FILE_MAX) return 'fileSize';
  return undefined;
}

/** The template as an .xlsx download: header row plus one example row, every cell text. */
export async function downloadTemplate(authType: AuthType): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const cols = TEMPLATE_COLUMNS[authType];
  const sheet = XLSX.utils.aoa_to_sheet([cols, cols.map((c) => EXAMPLE[c] ?? '')]);
  for (const key of Object.keys(sheet)) {
    const cell = sheet[key];
    if (!key.startsWith('!') && cell) cell.z = '@';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'devices');
  XLSX.writeFile(book, `device-template-${authType}.xlsx`);
}

const BOOL: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
  '': false,
};

/**
 * Rows of the first sheet as batch-create devices (strings; the server and the contract check
 * them). Throws an ImportProblem code when the file cannot be read or does not follow the template.
 */
export async function parseImport(file: File, authType: AuthType): Promise<Record<string, unknown>[]> {
  const XLSX = await import('@e965/xlsx');
  let rows: Record<string, unknown>[];
  try {
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
    const first = book.Sheets[book.SheetNames[0] ?? ''];
    if (!first) throw new Error('no sheet');
    rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(first, { raw: false, defval: '' });
  } catch {
    throw 'parse' satisfies ImportProblem;
  }
  const need = [
    'devEUI',
    'devName',
    'appEUI',
    'region',
    ...(authType === 'otaa' ? ['appKey'] : ['devAddr', 'appSKey', 'nwkSKey']),
  ];
  const header = rows[0] ? Object.keys(rows[0]) : [];
  if (rows.length === 0) throw 'empty' satisfies ImportProblem;
  if (!need.every((c) => header.includes(c))) throw 'template' satisfies ImportProblem;
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const c of TEMPLATE_COLUMNS[authType]) {
      const v = String(r[c] ?? '').trim();
      if (c === 'autoSubnet') out[c] = BOOL[v.toLowerCase()] ?? v;
      else if (c === 'region' || c === 'productType') out[c] = v.toLowerCase();
      else if (c === 'class') out[c] = v.toUpperCase() || 'A';
      else if (v !== '' || ['devEUI', 'devName', 'appEUI', 'region'].includes(c)) out[c] = v;
    }
    if (out.autoSubnet) delete out.subnet;
    return out;
  });
}
