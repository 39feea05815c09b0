import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { devAddrHex, eui64, formatHex, hexString, isHex, key128, normalizeHex, searchHex } from './hex';
import { TEXT_MESSAGE } from './input';

describe('normalizeHex and formatHex', () => {
  it('accepts pasted dash, colon and plain forms and returns lowercase plain hex', () => {
    expect(normalizeHex('AA-BB-CC-DD')).toBe('aabbccdd');
    expect(normalizeHex(' aa:bb:Cc:dd ')).toBe('aabbccdd');
    expect(normalizeHex('AABBccdd')).toBe('aabbccdd');
    expect(normalizeHex('aa-bb:cc')).toBe('aabbcc');
  });

  it('leaves anything that is not hex-like as typed (trimmed), for the format check to refuse', () => {
    expect(normalizeHex('AA-B')).toBe('AA-B');
    expect(normalizeHex('AA--BB')).toBe('AA--BB');
    expect(normalizeHex(' xyz ')).toBe('xyz');
    expect(normalizeHex('')).toBe('');
  });

  it('shows hex as uppercase dash-separated byte pairs', () => {
    expect(formatHex('0102abcd')).toBe('01-02-AB-CD');
    expect(formatHex('01:02:ab:cd')).toBe('01-02-AB-CD');
    expect(formatHex('abc')).toBe('AB-C');
    expect(formatHex('')).toBe('');
    expect(formatHex(null)).toBe('');
    expect(formatHex(undefined)).toBe('');
  });
});

describe('isHex', () => {
  it('wants whole bytes of either case, of the exact digit count when given', () => {
    expect(isHex('0aF9')).toBe(true);
    expect(isHex('abc')).toBe(false);
    expect(isHex('')).toBe(false);
    expect(isHex('', 0)).toBe(true);
    expect(isHex('zz')).toBe(false);
    expect(isHex('00112233', 8)).toBe(true);
    expect(isHex('0011223344', 8)).toBe(false);
  });
});

describe('searchHex', () => {
  it('reads the EUI forms the console shows and people paste as plain lowercase hex', () => {
    expect(searchHex('01-02-03-04-05-AB-CD-EF')).toBe('0102030405abcdef');
    expect(searchHex('01:02:03:04:05:ab:cd:ef')).toBe('0102030405abcdef');
    expect(searchHex(' 01 02 03 04 05 AB CD EF ')).toBe('0102030405abcdef');
    expect(searchHex('0102030405ABCDEF')).toBe('0102030405abcdef');
    // A beginning of an EUI is a prefix to look for, in any of those forms.
    expect(searchHex('AA-BB-C')).toBe('aabbc');
    expect(searchHex('aa:bb:')).toBe('aabb');
  });

  it('has no hex for a keyword that is not made of hex digits and separators', () => {
    expect(searchHex('Sensor A')).toBeUndefined();
    expect(searchHex('meter-01')).toBeUndefined();
    expect(searchHex('-AA-BB')).toBeUndefined();
    expect(searchHex('   ')).toBeUndefined();
    expect(searchHex('')).toBeUndefined();
  });
});

describe('hex schemas', () => {
  it.each([
    [16, eui64],
    [8, devAddrHex],
    [32, key128],
  ] as const)('take exactly %i hex digits in any case or separator form, lowercase out', (digits, schema) => {
    const plain = '0123456789abcdef'.repeat(2).slice(0, digits);
    expect(schema.parse(plain.toUpperCase())).toBe(plain);
    expect(schema.parse(plain.match(/../g)!.join('-').toUpperCase())).toBe(plain);
    expect(schema.parse(` ${plain.match(/../g)!.join(':')} `)).toBe(plain);
    const message = `must be ${digits} hex digits`;
    expect(issues(schema, plain.slice(0, -2))).toEqual([{ path: '', code: 'custom', message }]);
    expect(issues(schema, `${plain}00`)).toEqual([{ path: '', code: 'custom', message }]);
    expect(issues(schema, `${plain.slice(0, -1)}g`)).toEqual([{ path: '', code: 'custom', message }]);
    expect(issues(schema, '')).toEqual([{ path: '', code: 'custom', message }]);
  });

  it('refuses other types and NUL inside the text', () => {
    for (const v of [undefined, null, 1234, 0x0102030405060708n, ['0102030405060708'], {}]) {
      expect(issues(eui64, v)).toMatchObject([{ code: 'invalid_type' }]);
    }
    expect(issues(hexString(8), '0102\u00000304')).toContainEqual({ path: '', code: 'custom', message: TEXT_MESSAGE });
  });
});
