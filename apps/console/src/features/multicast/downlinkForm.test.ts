import { describe, expect, it } from 'vitest';
import { emptyMcForm, mcBody, validateMc } from './downlinkForm';

describe('multicast downlink form', () => {
  it('takes ports 1 to 128 only', () => {
    for (const p of ['0', '129', '', 'x'])
      expect(validateMc({ ...emptyMcForm, fPort: p, data: '01' }).fPort).toBeDefined();
    for (const p of ['1', '128']) expect(validateMc({ ...emptyMcForm, fPort: p, data: '01' })).toEqual({});
  });

  it('refuses bad hex and empty data; text is anything', () => {
    expect(validateMc({ fPort: '1', data: 'abc', mode: 'hex' }).data?.key).toBe('common:validation.hexData');
    expect(validateMc({ fPort: '1', data: 'zz', mode: 'hex' }).data).toBeDefined();
    expect(validateMc({ fPort: '1', data: '  ', mode: 'text' }).data?.key).toBe('common:validation.required');
    expect(validateMc({ fPort: '1', data: 'zz', mode: 'text' })).toEqual({});
  });

  it('sends text as UTF-8 hex and is always unconfirmed', () => {
    expect(mcBody('aa00000000000001', { fPort: '10', data: 'on ✓', mode: 'text' })).toEqual({
      mcEUI: 'aa00000000000001',
      fPort: 10,
      data: '6f6e20e29c93',
      confirmed: false,
    });
    expect(mcBody('aa00000000000001', { fPort: '7', data: ' CAFE ', mode: 'hex' }).data).toBe('cafe');
  });
});
