import { describe, expect, it } from 'vitest';
import { textToHex } from '../../lib/textHex';
import { emptyForm, toBody, validate } from './form';

describe('downlink form', () => {
  it('port must be 1 to 255', () => {
    for (const p of ['', '0', '256', '1.5', 'x']) {
      expect(validate({ ...emptyForm, fport: p, data: '01' }).fport?.key).toBe('common:validation.range');
    }
    expect(validate({ ...emptyForm, fport: '255', data: '01' })).toEqual({});
  });

  it('hex mode needs hex bytes; text mode only non-empty', () => {
    expect(validate({ ...emptyForm, fport: '1', data: '' }).data?.key).toBe('common:validation.required');
    expect(validate({ ...emptyForm, fport: '1', data: '0g' }).data?.key).toBe('common:validation.hex');
    expect(validate({ ...emptyForm, fport: '1', data: '012' }).data?.key).toBe('common:validation.hex');
    expect(validate({ ...emptyForm, fport: '1', data: 'hello', mode: 'text' })).toEqual({});
  });

  it('MAC commands mode forces port 0 and hex', () => {
    const f = { ...emptyForm, fport: '', data: '0203', macCommands: true, mode: 'text' as const };
    expect(validate(f)).toEqual({});
    expect(validate({ ...f, data: 'hi' }).data?.key).toBe('common:validation.hex');
    expect(toBody('0102030405060708', f)).toEqual({
      devEUI: '0102030405060708',
      fport: 0,
      data: '0203',
      confirmed: false,
      macCommands: true,
    });
  });

  it('text is sent as UTF-8 hex', () => {
    expect(textToHex('hi')).toBe('6869');
    expect(toBody('01', { ...emptyForm, fport: '10', data: 'hé', mode: 'text' }).data).toBe('68c3a9');
  });
});
