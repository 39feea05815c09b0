import zlib from 'node:zlib';

/** One zip entry: its content, or raw deflate bytes with the sizes to declare for them. */
export interface TestEntry {
  name: string;
  data?: Buffer;
  raw?: { deflated: Buffer; size: number; crc?: number };
  /** Declare this uncompressed size in both headers instead of the real one. */
  declare?: number;
  /** Extra field of the local header (e.g. ZIP64 sizes). */
  localExtra?: Buffer;
}

/** A plain zip (deflate, no data descriptors), written the way Excel lays one out. */
export function zipOf(entries: TestEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = e.data ?? Buffer.alloc(0);
    const deflated = e.raw?.deflated ?? zlib.deflateRawSync(data);
    const size = e.declare ?? e.raw?.size ?? data.length;
    const extra = e.localExtra ?? Buffer.alloc(0);
    const crc = e.raw ? (e.raw.crc ?? 0) : zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + extra.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts around one worksheet that make a workbook Excel and SheetJS open. */
function workbookParts(): TestEntry[] {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="gateways" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
  ];
}

/** An .xlsx whose first sheet is `sheet` (XML, or raw deflate bytes), plus any extra entries. */
export function xlsxOf(sheet: Omit<TestEntry, 'name'>, extra: TestEntry[] = []): Buffer {
  return zipOf([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', ...sheet }, ...extra]);
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}">`;

/** Worksheet XML with a declared dimension (none when undefined) and the given `<row>` elements. */
export function sheetXml(dimension: string | undefined, rows: string): Buffer {
  const dim = dimension ? `<dimension ref="${dimension}"/>` : '';
  return Buffer.from(`${SHEET_HEAD}${dim}<sheetData>${rows}</sheetData></worksheet>`);
}

/** Rows 1…n with one number in column `col` (e.g. XFD, the last column Excel has). */
export function oneCellRows(n: number, col: string): string {
  let out = '';
  for (let r = 1; r <= n; r++) out += `<row r="${r}"><c r="${col}${r}"><v>1</v></c></row>`;
  return out;
}

/**
 * A sheet of `megabytes` MiB of spaces inside its data, deflated a mebibyte at a time: each block
 * is a full flush of the same input, so one compressed block repeated makes the whole stream and
 * the test never holds the unzipped text. `declare` overrides the size the headers state.
 */
export function zipBomb(megabytes: number, declare?: number): Buffer {
  const head = Buffer.from(`${SHEET_HEAD}<dimension ref="A1:A1"/><sheetData>`);
  const tail = Buffer.from('</sheetData></worksheet>');
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, ...full });
  const deflated = Buffer.concat([
    zlib.deflateRawSync(head, full),
    ...Array.from({ length: megabytes }, () => block),
    zlib.deflateRawSync(tail),
  ]);
  const size = head.length + megabytes * (1 << 20) + tail.length;
  return xlsxOf({ raw: { deflated, size: Math.min(size, 0xffffffff) }, declare });
}
