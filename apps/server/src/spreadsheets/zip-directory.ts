/**
 * The directory of a zip file (.xlsx), read without unzipping anything: the end-of-central-
 * directory record, one central record per entry and the local header it points to. Sizes are
 * what the headers declare; the parser preallocates from them, so every declared size counts.
 */

/** One entry as the spreadsheet parser will read it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** Offset of the entry's data (after its local header). */
  dataStart: number;
  /** Compressed size declared by the central record. */
  compressedSize: number;
  /** Largest uncompressed size any of its headers declares. */
  declaredSize: number;
}

/** Why a zip cannot be read; a caller maps it to its refusal. */
export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_FIELD = 0x0001;
/** Encrypted entries and strong encryption: the parser refuses them anyway. */
const ENCRYPTED = 0x2041;

export const isZip = (buf: Uint8Array): boolean =>
  buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** Entries of the zip in `buf`, at most `maxEntries` (more throws `tooMany` before reading them). */
export function readZipDirectory(buf: Buffer, maxEntries: number): { count: number; entries: ZipEntry[] } {
  // The last end-of-directory signature in the file: the one the spreadsheet parser uses too.
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length || buf.readUInt32LE(eocd) !== EOCD) {
    throw new ZipFormatError('no zip directory');
  }
  const count = buf.readUInt16LE(eocd + 8);
  if (count > maxEntries) return { count, entries: [] };
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('bad central record');
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > buf.length) throw new ZipFormatError('bad central record');
    const name = buf.toString('latin1', p + 46, p + 46 + nameLength);
    const sizes = [size, ...zip64Sizes(buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength))];
    entries.push({ name, compressedSize, ...readLocal(buf, local, sizes) });
    p = next;
  }
  return { count, entries };
}

function readLocal(buf: Buffer, p: number, sizes: number[]): Pick<ZipEntry, 'method' | 'dataStart' | 'declaredSize'> {
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw new ZipFormatError('bad local header');
  if (buf.readUInt16LE(p + 6) & ENCRYPTED) throw new ZipFormatError('encrypted entry');
  const method = buf.readUInt16LE(p + 8);
  if (method !== 0 && method !== 8) throw new ZipFormatError(`compression method ${method}`);
  const nameLength = buf.readUInt16LE(p + 26);
  const extraLength = buf.readUInt16LE(p + 28);
  const dataStart = p + 30 + nameLength + extraLength;
  if (dataStart > buf.length) throw new ZipFormatError('bad local header');
  sizes.push(buf.readUInt32LE(p + 22), ...zip64Sizes(buf.subarray(p + 30 + nameLength, dataStart)));
  return { method, dataStart, declaredSize: Math.max(...sizes) };
}

/** Sizes a ZIP64 extra field declares (uncompressed and compressed, 8 bytes each). */
function zip64Sizes(extra: Buffer): number[] {
  const out: number[] = [];
  for (let p = 0; p + 4 <= extra.length; ) {
    const type = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    // The parser reads both sizes whatever the field's length says, so read what is there.
    if (type === ZIP64_FIELD) {
      for (const at of [p + 4, p + 12]) if (at + 8 <= extra.length) out.push(Number(extra.readBigUInt64LE(at)));
    }
    p += 4 + length;
  }
  return out;
}
