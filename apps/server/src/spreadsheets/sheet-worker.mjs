// Reads the first sheet of one uploaded spreadsheet, on a thread of its own with a capped heap and a
// deadline (see reader.ts), so that a hostile file cannot stall or exhaust the server. Before the
// parser runs it unzips every entry within the byte budget (the parser preallocates from declared
// sizes and grows without bound otherwise) and reads each sheet's declared dimension; after it
// runs it checks the rows, columns and cells it really found. Plain JavaScript because a worker
// thread loads its file the same way under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** @type {{ file: Uint8Array, plan: { kind: 'zip', entries: any[] } | { kind: 'cfb' }, limits: Record<string, number> }} */
const { file, plan, limits } = workerData;
const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);

class Refused {
  /** @param {string} limit a key of IMPORT_LIMITS */
  constructor(limit) {
    this.limit = limit;
  }
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const SHEET_DATA = /<(?:\w+:)?sheetData[\s>/]/;
const DIMENSION = /<(?:\w+:)?dimension\b[^>]*?\bref="([^"]*)"/;

/** Unzips each entry with the budget left; the parser will read exactly these streams. */
function checkUnzipped(entries) {
  let total = 0;
  for (const e of entries) {
    let data;
    if (e.method === 0) data = buf.subarray(e.dataStart, e.dataStart + e.compressedSize);
    else {
      try {
        data = zlib.inflateRawSync(buf.subarray(e.dataStart), {
          maxOutputLength: Math.max(1, limits.unzippedBytes - total),
        });
      } catch (err) {
        if (err && err.code === 'ERR_BUFFER_TOO_LARGE') throw new Refused('unzippedBytes');
        throw err;
      }
    }
    total += data.length;
    if (total > limits.unzippedBytes) throw new Refused('unzippedBytes');
    if (WORKSHEET.test(e.name)) checkDimension(data);
  }
}

/** The size a sheet declares (`<dimension ref="A1:N5001"/>`, before its data): the parser trusts it. */
function checkDimension(xml) {
  const head = xml.toString('latin1', 0, Math.min(xml.length, 65536));
  const end = head.search(SHEET_DATA);
  const m = (end >= 0 ? head.slice(0, end) : head).match(DIMENSION);
  if (!m) return;
  const range = XLSX.utils.decode_range(m[1]);
  if (range.e.r + 1 > limits.rows) throw new Refused('rows');
  if (range.e.c + 1 > limits.columns) throw new Refused('columns');
}

/** Rows, columns and cells the parser found; the last filled row and column. */
function measure(data) {
  if (data.length > limits.rows) throw new Refused('rows');
  let cells = 0;
  let lastRow = -1;
  let lastCol = -1;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    // A sparse row (one cell in column XFD) has that length without holding the cells.
    if (row.length > limits.columns) throw new Refused('columns');
    for (let c = 0; c < row.length; c++) {
      if (row[c] === undefined) continue;
      cells++;
      lastRow = r;
      if (c > lastCol) lastCol = c;
    }
    if (cells > limits.cells) throw new Refused('cells');
  }
  return { lastRow, lastCol };
}

function read() {
  if (plan.kind === 'zip') checkUnzipped(plan.entries);
  const wb = XLSX.read(buf, {
    type: 'buffer',
    dense: true,
    sheets: 0,
    // One row more than allowed, to tell a sheet that is too long from one that fits.
    sheetRows: limits.rows + 1,
    cellFormula: false,
    cellHTML: false,
  });
  const sheet = wb.SheetNames[0] ? wb.Sheets[wb.SheetNames[0]] : undefined;
  if (!sheet) return undefined;
  if (sheet['!fullref']) throw new Refused('rows');
  const { lastRow, lastCol } = measure(sheet['!data'] ?? []);
  if (!sheet['!ref'] || lastRow < 0) return [];
  // Convert only the filled part: a declared range may be far wider than the cells in it.
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.r = Math.min(range.e.r, lastRow);
  range.e.c = Math.min(range.e.c, lastCol);
  if (range.e.r < range.s.r || range.e.c < range.s.c) return [];
  sheet['!ref'] = XLSX.utils.encode_range(range);
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

try {
  const grid = read();
  parentPort.postMessage(grid ? { grid } : { unreadable: 'no sheet' });
} catch (err) {
  parentPort.postMessage(err instanceof Refused ? { refused: err.limit } : { unreadable: String(err?.message ?? err) });
}
