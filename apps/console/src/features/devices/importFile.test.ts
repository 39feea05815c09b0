import * as XLSX from '@e965/xlsx';
import { DEVICE_IMPORT_COLUMNS, headerText } from '@lns/contract/imports';
import { describe, expect, it } from 'vitest';
import { exampleRow, parseImport } from './importFile';

const xlsx = (rows: unknown[][], name = 'devices.xlsx') => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'devices');
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([data], name);
};

const ABP_ROW = [
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
  'roof, cellar',
  '',
];

describe('device import file', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'reads a %s template with its tags column as batch-create devices',
    async (locale) => {
      const header = DEVICE_IMPORT_COLUMNS.abp.map((c) => headerText(c, locale));
      expect(header).toContain(locale === 'en-US' ? 'DevEUI*' : '设备名称*');
      expect(header).toContain(locale === 'en-US' ? 'Tags' : '标签');
      const { devices, sheetRows } = await parseImport(xlsx([header, [], ABP_ROW]), 'abp');
      expect(sheetRows).toEqual([3]);
      expect(devices[0]).toMatchObject({
        devEUI: '70B3D57ED0000001',
        devAddr: '26011BDA',
        class: 'C',
        region: 'eu868',
        productType: 'lorawan',
        autoSubnet: true,
        fCntUp: '5',
        tags: 'roof, cellar',
      });
      expect(devices[0]).not.toHaveProperty('subnet');
      expect(devices[0]).not.toHaveProperty('remarks');
    },
  );

  it('leaves out optional columns the sheet does not have, so their defaults apply', async () => {
    const header = ['DevEUI*', 'Device name*', 'AppEUI*', 'AppKey*', 'Region*', 'Subnet'];
    const row = ['70b3d57ed0000101', 'd-1', '70b3d57ed0000000', 'ab'.repeat(16), 'eu868', 'eu868-default'];
    const { devices } = await parseImport(xlsx([header, row]), 'otaa');
    expect(devices[0]).not.toHaveProperty('productType');
    expect(devices[0]).not.toHaveProperty('tags');
    expect(devices[0]).toMatchObject({ class: 'A', autoSubnet: false, subnet: 'eu868-default' });
  });

  it('gives fresh random keys in the example row, never a well-known test key', () => {
    const a = exampleRow();
    const b = exampleRow();
    expect(a.appKey).toMatch(/^[0-9A-F]{32}$/);
    expect(a.appKey).not.toBe(b.appKey);
    for (const known of ['2B7E151628AED2A6ABF7158809CF4F3C', '0102030405060708090A0B0C0D0E0F10']) {
      expect(Object.values(a)).not.toContain(known);
    }
  });

  it('refuses a sheet without the required columns (naming them), an empty one and garbage', async () => {
    await expect(
      parseImport(
        xlsx([
          ['name', 'eui'],
          ['a', 'b'],
        ]),
        'otaa',
      ),
    ).rejects.toMatchObject({
      kind: 'columns',
      missing: expect.arrayContaining([expect.objectContaining({ key: 'appKey' })]),
    });
    const header = DEVICE_IMPORT_COLUMNS.otaa.map((c) => c.key);
    await expect(parseImport(xlsx([header]), 'otaa')).rejects.toEqual({ kind: 'empty' });
    await expect(parseImport(new File([new Uint8Array([1, 2, 3])], 'x.xlsx'), 'otaa')).rejects.toHaveProperty('kind');
  });
});
