import * as XLSX from '@e965/xlsx';
import { C } from '@lns/contract/codes';
import { IMPORT_LIMITS, type ImportLimit } from '@lns/contract/request-limits';
import { afterAll, describe, expect, it } from 'vitest';
import { oneCellRows, sheetXml, xlsxOf, zipBomb } from '../../test/hostile-sheets';
import { DomainError } from '../errors';
import { limitText } from './limits';
import { SHEET_THREADS, SpreadsheetReader } from './reader';

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'gateways');
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/** The refusal a read ends with (code and detail), or 'read' when it succeeded. */
async function outcome(reader: SpreadsheetReader, file: Buffer) {
  try {
    await reader.read(file);
    return 'read';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { code: err.code, field: err.field, detail: err.detail };
  }
}

/** The refusal naming `limit`. */
const refusal = (limit: ImportLimit) =>
  expect.objectContaining({
    code: C.SPREADSHEET_TOO_LARGE,
    field: 'file',
    detail: limitText(limit, IMPORT_LIMITS[limit]),
  });

describe('spreadsheet reader', () => {
  const reader = new SpreadsheetReader();
  afterAll(() => reader.close());

  it('reads the first sheet of an .xlsx and an .xls as rows of values', async () => {
    const rows = [
      ['gwID*', 'gwName*', 'txPower*'],
      ['a000000000000001', 'one', 14],
      [],
      ['a000000000000002', 'two', 0],
    ];
    expect(await reader.read(workbook(rows))).toEqual(rows);
    expect(await reader.read(workbook(rows, 'biff8'))).toEqual(rows);
  });

  it('reads a sheet of the full size the limits allow', async () => {
    const rows: unknown[][] = [Array.from({ length: 14 }, (_, c) => `col${c}`)];
    for (let r = 1; r < IMPORT_LIMITS.rows; r++) rows.push(Array.from({ length: 14 }, (_, c) => `r${r}c${c}`));
    const grid = await reader.read(workbook(rows));
    expect(grid).toHaveLength(IMPORT_LIMITS.rows);
    expect(grid.at(-1)?.[13]).toBe(`r${IMPORT_LIMITS.rows - 1}c13`);
  });

  it('refuses a cell in column XFD on 30,000 rows, declared or not, without building the grid', async () => {
    const rows = oneCellRows(30_000, 'XFD');
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1:XFD30000', rows) }))).toEqual(refusal('rows'));
    // A dimension that lies, and none at all: the rows the parser found are counted.
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1:A1', rows) }))).toEqual(refusal('rows'));
    expect(await outcome(reader, xlsxOf({ data: sheetXml(undefined, rows) }))).toEqual(refusal('rows'));
  });

  it('refuses a sheet wider than the column limit, declared or found', async () => {
    const rows = oneCellRows(100, 'XFD');
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1:XFD100', rows) }))).toEqual(refusal('columns'));
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1:A1', rows) }))).toEqual(refusal('columns'));
    const wide = [Array.from({ length: IMPORT_LIMITS.columns + 1 }, (_, c) => c)];
    expect(await outcome(reader, workbook(wide, 'biff8'))).toEqual(refusal('columns'));
  });

  it('refuses a sheet declaring 1,048,576 rows', async () => {
    const rows = '<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>';
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1:N1048576', rows) }))).toEqual(refusal('rows'));
  });

  it('refuses more filled cells than the limit within the row and column limits', async () => {
    const cells = '<c><v>1</v></c>'.repeat(IMPORT_LIMITS.columns);
    const count = Math.ceil((IMPORT_LIMITS.cells + 1) / IMPORT_LIMITS.columns);
    const rows = Array.from({ length: count }, () => `<row>${cells}</row>`).join('');
    expect(await outcome(reader, xlsxOf({ data: sheetXml(undefined, rows) }))).toEqual(refusal('cells'));
  });

  it('refuses a zip bomb from its declared size, and from what it unzips to when the headers lie', async () => {
    const bomb = zipBomb(500);
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.fileBytes);
    expect(await outcome(reader, bomb)).toEqual(refusal('unzippedBytes'));
    expect(await outcome(reader, zipBomb(500, 1000))).toEqual(refusal('unzippedBytes'));
  });

  it('refuses a zip with too many entries and a file over the size limit', async () => {
    const parts = Array.from({ length: 5000 }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: Buffer.alloc(0) }));
    expect(await outcome(reader, xlsxOf({ data: sheetXml('A1', '') }, parts))).toEqual(refusal('zipEntries'));
    expect(await outcome(reader, Buffer.alloc(IMPORT_LIMITS.fileBytes + 1, 0x50))).toEqual(refusal('fileBytes'));
  });

  it('refuses bytes that are not an .xlsx or .xls as unreadable', async () => {
    const unreadable = expect.objectContaining({ code: C.PARAM_FORMAT, field: 'file' });
    expect(await outcome(reader, Buffer.from('gwID,gwName\na000000000000001,x\n'))).toEqual(unreadable);
    expect(await outcome(reader, Buffer.from('PK\x03\x04 truncated'))).toEqual(unreadable);
  });

  it('stops a read that overruns its time or heap, and reads again afterwards', async () => {
    const file = workbook([['gwID*'], ['a000000000000001']]);
    const slow = new SpreadsheetReader({ ...SHEET_THREADS, timeoutMs: 1 });
    expect(await outcome(slow, file)).toEqual(expect.objectContaining({ code: C.SPREADSHEET_TOO_COMPLEX }));
    const small = new SpreadsheetReader({ ...SHEET_THREADS, heapMb: 2 });
    expect(await outcome(small, file)).toEqual(expect.objectContaining({ code: C.SPREADSHEET_TOO_COMPLEX }));
    expect(await reader.read(file)).toEqual([['gwID*'], ['a000000000000001']]);
  });

  it('answers 1009 when more reads wait than the queue holds', async () => {
    const busy = new SpreadsheetReader({ ...SHEET_THREADS, concurrency: 1, queue: 1 });
    const file = workbook([['gwID*'], ['a000000000000001']]);
    const results = await Promise.all([1, 2, 3].map(() => outcome(busy, file)));
    expect(results.filter((r) => r === 'read')).toHaveLength(2);
    expect(results).toContainEqual(expect.objectContaining({ code: C.BUSY }));
  });
});
