import { describe, expect, it } from 'vitest';
import {
  columnOfHeader,
  DEVICE_IMPORT_COLUMNS,
  GATEWAY_IMPORT_TEMPLATE,
  headerText,
  sizeText,
  tagNamesOf,
} from './imports';

describe('import templates', () => {
  it('mark required columns with * the same way in both templates and both languages', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const cols of [GATEWAY_IMPORT_TEMPLATE, DEVICE_IMPORT_COLUMNS.otaa, DEVICE_IMPORT_COLUMNS.abp]) {
        for (const c of cols) expect(headerText(c, locale).endsWith('*'), `${locale} ${c.key}`).toBe(c.required);
      }
    }
    expect(headerText(GATEWAY_IMPORT_TEMPLATE.find((c) => c.key === 'txPower')!, 'zh-CN')).toBe('发射功率*');
  });

  it('read a header in either language or as the key, ignoring case, spaces and *', () => {
    for (const cell of ['Tx power*', 'TX POWER', '发射功率*', 'txPower', ' tx Power ']) {
      expect(columnOfHeader(cell, GATEWAY_IMPORT_TEMPLATE), cell).toBe('txPower');
    }
    expect(columnOfHeader('标签', DEVICE_IMPORT_COLUMNS.otaa)).toBe('tags');
    expect(columnOfHeader('AppKey*', DEVICE_IMPORT_COLUMNS.abp)).toBeUndefined();
    expect(columnOfHeader('', GATEWAY_IMPORT_TEMPLATE)).toBeUndefined();
  });

  it('give every device template a tags column', () => {
    expect(DEVICE_IMPORT_COLUMNS.otaa.map((c) => c.key)).toContain('tags');
    expect(DEVICE_IMPORT_COLUMNS.abp.map((c) => c.key)).toContain('tags');
  });

  it('split tag names on commas and semicolons of either width', () => {
    expect(tagNamesOf(' roof, cellar；site/dock;roof ，')).toEqual(['roof', 'cellar', 'site/dock']);
    expect(tagNamesOf('')).toEqual([]);
  });

  it('show sizes one way: 1 MB, 512 KB', () => {
    expect(sizeText(1024 * 1024)).toBe('1 MB');
    expect(sizeText(512 * 1024)).toBe('512 KB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
