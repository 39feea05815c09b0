import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { checkFile, parseImport, TEMPLATE_COLUMNS } from './importFile';

const xlsx = (rows: unknown[][], name = 'devices.xlsx') => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'devices');
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([data], name);
};

describe('device import file', () => {
  it('accepts only .xlsx/.xls up to 1 MB', () => {
    expect(checkFile(new File(['x'], 'a.csv'))).toBe('fileType');
    expect(checkFile(new File([new Uint8Array(1024 * 1024 + 1)], 'a.xlsx'))).toBe('fileSize');
    expect(checkFile(new File(['x'], 'A.XLS'))).toBeUndefined();
  });

  it('reads the template rows as batch-create devices', async () => {
    const cols = TEMPLATE_COLUMNS.abp;
    const row = [
      '70B3D57ED0000001',
      'd1',
      '70b3d57ed0000000',
      '26011BDA',
      'aa'.repeat(16),
      'bb'.repeat(16),
      'c',
      '1.0.3',
      'LoRaWAN',
      'EU868',
      'x',
      'TRUE',
      '5',
      '0',
      '',
    ];
    const [d] = await parseImport(xlsx([cols, row]), 'abp');
    expect(d).toMatchObject({
      devEUI: '70B3D57ED0000001',
      devAddr: '26011BDA',
      class: 'C',
      region: 'eu868',
      productType: 'lorawan',
      autoSubnet: true,
      fCntUp: '5',
    });
    expect(d).not.toHaveProperty('subnet');
    expect(d).not.toHaveProperty('remarks');
  });

  it('refuses a sheet that does not follow the template, an empty one and garbage', async () => {
    await expect(
      parseImport(
        xlsx([
          ['name', 'eui'],
          ['a', 'b'],
        ]),
        'otaa',
      ),
    ).rejects.toBe('template');
    await expect(parseImport(xlsx([TEMPLATE_COLUMNS.otaa]), 'otaa')).rejects.toBe('empty');
    await expect(parseImport(new File([new Uint8Array([1, 2, 3])], 'x.xlsx'), 'otaa')).rejects.toMatch(
      /parse|template|empty/,
    );
  });
});
