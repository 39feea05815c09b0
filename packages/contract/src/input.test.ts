import { describe, expect, it } from 'vitest';
import { appCreateBody } from './applications';
import { deviceListQuery } from './devices';
import { INT4_MAX, INT4_MIN, id, int4, isCleanText, queryId, TEXT_MESSAGE, text } from './input';
import { userIdQuery } from './users';

describe('text()', () => {
  it('accepts any Unicode text, surrogate pairs included', () => {
    for (const s of ['', 'plain', '网关 北楼', 'emoji 😀 ok', 'tab\tand\nnewline']) {
      expect(isCleanText(s)).toBe(true);
      expect(text().safeParse(s).success).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates anywhere in the string', () => {
    for (const s of ['\u0000', 'a\u0000b', '\ud800', 'x\ud83d', '\ude00y', 'a\udc00\ud800b']) {
      expect(isCleanText(s)).toBe(false);
      expect(text().safeParse(s).success).toBe(false);
    }
  });

  it('is used by request schemas: the issue names the field', () => {
    const r = appCreateBody.safeParse({ appName: 'ok\u0000' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['appName']);
  });
});

describe('integer bounds', () => {
  it('keeps ids inside the int4 column', () => {
    expect(id().safeParse(1).success).toBe(true);
    expect(id().safeParse(INT4_MAX).success).toBe(true);
    for (const v of [0, -1, INT4_MAX + 1, 2 ** 53 + 1, 1.5, 1e308]) expect(id().safeParse(v).success).toBe(false);
    expect(queryId().safeParse('2147483648').success).toBe(false);
    expect(userIdQuery.safeParse({ userID: '2147483648' }).success).toBe(false);
  });

  it('refuses a tag id past int4 in a device list filter', () => {
    expect(deviceListQuery.safeParse({ tagsId: '2147483647' }).success).toBe(true);
    expect(deviceListQuery.safeParse({ tagsId: '2147483648' }).success).toBe(false);
  });
});

describe('input building blocks at their edges', () => {
  it('int4 takes the whole column range and nothing past it', () => {
    for (const v of [INT4_MIN, -1, 0, INT4_MAX]) expect(int4().parse(v)).toBe(v);
    for (const v of [INT4_MIN - 1, INT4_MAX + 1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null]) {
      expect(int4().safeParse(v).success).toBe(false);
    }
  });

  it('ids in a body are numbers, never strings', () => {
    expect(id().safeParse('1').success).toBe(false);
    expect(id().safeParse(null).success).toBe(false);
  });

  it('queryId coerces query text, refusing words, fractions and zero', () => {
    expect(queryId().parse('1')).toBe(1);
    expect(queryId().parse(' 42 ')).toBe(42);
    expect(queryId().parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const v of ['0', '-1', '1.5', 'abc', '0x10z', '', {}]) expect(queryId().safeParse(v).success).toBe(false);
  });

  it('text refuses other types with the given message, and dirty text with its own', () => {
    expect(text({ error: 'name is required' }).safeParse(5).error?.issues[0]?.message).toBe('name is required');
    expect(text().safeParse('a\u0000').error?.issues).toMatchObject([{ code: 'custom', message: TEXT_MESSAGE }]);
    // Refinement comes after the string check: trimming and length rules chain on the clean text.
    expect(text().trim().max(3).parse('  abc  ')).toBe('abc');
  });
});
