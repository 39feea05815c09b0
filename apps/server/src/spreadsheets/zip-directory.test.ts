import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/hostile-sheets';
import { readZipDirectory, ZipFormatError } from './zip-directory';

describe('zip directory', () => {
  it('lists the entries of a workbook SheetJS wrote, with where their data starts', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['gwID*'], ['a000000000000001']]), 's');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const { count, entries } = readZipDirectory(file, 100);
    expect(count).toBe(entries.length);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    expect(sheet.method).toBe(8);
    const xml = zlib.inflateRawSync(file.subarray(sheet.dataStart)).toString();
    expect(xml).toContain('a000000000000001');
    expect(sheet.declaredSize).toBe(Buffer.byteLength(xml));
  });

  it('takes the largest size any header declares', () => {
    const file = zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    // The local header (at 0) claims 3 GB while the central record says 4 bytes.
    file.writeUInt32LE(3_000_000_000, 22);
    expect(readZipDirectory(file, 10).entries[0]?.declaredSize).toBe(3_000_000_000);
  });

  it('counts the sizes of a ZIP64 extra field', () => {
    const zip64 = Buffer.alloc(20);
    zip64.writeUInt16LE(0x0001, 0);
    zip64.writeUInt16LE(16, 2);
    zip64.writeBigUInt64LE(8n * 2n ** 30n, 4);
    const file = zipOf([{ name: 'a.xml', data: Buffer.from('<a/>'), localExtra: zip64 }]);
    const [entry] = readZipDirectory(file, 10).entries;
    expect(entry?.declaredSize).toBe(8 * 2 ** 30);
    expect(zlib.inflateRawSync(file.subarray(entry!.dataStart)).toString()).toBe('<a/>');
  });

  it('gives the entry count without reading the entries when there are too many', () => {
    const file = zipOf(Array.from({ length: 12 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('x') })));
    expect(readZipDirectory(file, 10)).toEqual({ count: 12, entries: [] });
  });

  it('refuses what it cannot follow: no directory, a broken record, encryption, other methods', () => {
    const good = zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    const broken = (patch: (b: Buffer) => void) => {
      const b = Buffer.from(good);
      patch(b);
      return () => readZipDirectory(b, 10);
    };
    expect(() => readZipDirectory(Buffer.from('PK\x03\x04 no directory'), 10)).toThrow(ZipFormatError);
    const centralAt = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(broken((b) => b.writeUInt32LE(0, centralAt))).toThrow(ZipFormatError);
    expect(broken((b) => b.writeUInt32LE(0xfffffff0, centralAt + 42))).toThrow(ZipFormatError);
    expect(broken((b) => b.writeUInt16LE(1, 6))).toThrow(/encrypted/);
    expect(broken((b) => b.writeUInt16LE(12, 8))).toThrow(/method 12/);
  });
});
