import type { ImportLimits } from './limits';
import { tooLarge, unreadable } from './limits';
import { isZip, readZipDirectory, type ZipEntry, ZipFormatError } from './zip-directory';

/** What the reading thread is given: an .xlsx with its checked entries, or an .xls (OLE2 compound file). */
export type SpreadsheetPlan = { kind: 'zip'; entries: ZipEntry[] } | { kind: 'cfb' };

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Cheap checks on the raw bytes before anything is unzipped or parsed: the file size, that it is
 * an .xlsx or .xls at all (the parser would otherwise guess CSV, HTML…), and for an .xlsx the
 * number of entries and the sizes they declare. Throws the coded refusal.
 */
export function precheckSpreadsheet(file: Buffer, limits: ImportLimits): SpreadsheetPlan {
  if (file.length > limits.fileBytes) throw tooLarge('fileBytes', limits);
  if (file.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC)) return { kind: 'cfb' };
  if (!isZip(file)) throw unreadable();
  let dir: ReturnType<typeof readZipDirectory>;
  try {
    dir = readZipDirectory(file, limits.zipEntries);
  } catch (err) {
    if (err instanceof ZipFormatError) throw unreadable();
    throw err;
  }
  if (dir.count > limits.zipEntries) throw tooLarge('zipEntries', limits);
  const declared = dir.entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declared > limits.unzippedBytes) throw tooLarge('unzippedBytes', limits);
  return { kind: 'zip', entries: dir.entries };
}
