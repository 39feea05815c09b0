import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issues } from '../test/issues';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageWindow, pagingQuery, queryInt, queryList } from './paging';

describe('queryInt', () => {
  const n = queryInt(1, 10);

  it('coerces query strings and keeps the bounds inclusive', () => {
    expect(n.parse('1')).toBe(1);
    expect(n.parse('10')).toBe(10);
    expect(n.parse(' 7 ')).toBe(7);
    expect(n.parse(5)).toBe(5);
    expect(issues(n, '0')).toMatchObject([{ code: 'too_small' }]);
    expect(issues(n, '11')).toMatchObject([{ code: 'too_big' }]);
  });

  it('refuses fractions, words and values that are not numbers', () => {
    expect(issues(n, '1.5')).toMatchObject([{ code: 'invalid_type' }]);
    for (const v of ['abc', '1e400', 'NaN', {}, [1, 2], Symbol.for('x')]) expect(n.safeParse(v).success).toBe(false);
  });
});

describe('queryList', () => {
  const ints = queryList(z.coerce.number().int().min(0).max(7));

  it('treats absent, null and empty as no filter', () => {
    for (const v of [undefined, null, '']) expect(ints.parse(v)).toBeUndefined();
  });

  it('reads "a,b" and repeated keys alike, trimming and dropping empty items', () => {
    expect(ints.parse('1,2')).toEqual([1, 2]);
    expect(ints.parse(['1', '2'])).toEqual([1, 2]);
    expect(ints.parse(' 3 , ,4,')).toEqual([3, 4]);
    expect(ints.parse(['5', ' ', ' 6'])).toEqual([5, 6]);
    expect(ints.parse('7')).toEqual([7]);
    // A single number (JSON or a pre-parsed query) is one item.
    expect(ints.parse(0)).toEqual([0]);
  });

  it('refuses the whole list when one item is bad, naming its position', () => {
    expect(issues(ints, '1,8')).toMatchObject([{ path: '1', code: 'too_big' }]);
    expect(issues(ints, ['x'])).toMatchObject([{ path: '0', code: 'invalid_type' }]);
  });

  it('a list of only separators is an empty list (which the server reads as no filter too)', () => {
    expect(ints.parse(',')).toEqual([]);
  });
});

describe('pagingQuery', () => {
  const q = pagingQuery(['name', 'createtime'] as const);
  const all = pagingQuery(['name'] as const, true);

  it('fills the defaults', () => {
    expect(q.parse({})).toEqual({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, orderType: 'desc' });
  });

  it('coerces the query strings and keeps page size within MAX_PAGE_SIZE', () => {
    expect(q.parse({ pageNo: '3', pageSize: String(MAX_PAGE_SIZE), orderType: 'asc', orderBy: 'name' })).toEqual({
      pageNo: 3,
      pageSize: MAX_PAGE_SIZE,
      orderType: 'asc',
      orderBy: 'name',
    });
    expect(issues(q, { pageSize: String(MAX_PAGE_SIZE + 1) })).toMatchObject([{ path: 'pageSize', code: 'too_big' }]);
    expect(q.parse({ pageNo: '1000000' }).pageNo).toBe(1_000_000);
    expect(issues(q, { pageNo: '1000001' })).toMatchObject([{ path: 'pageNo', code: 'too_big' }]);
  });

  it('refuses 0,0 unless the list allows "all rows"', () => {
    expect(issues(q, { pageNo: '0', pageSize: '0' })).toMatchObject([
      { path: 'pageNo', code: 'too_small' },
      { path: 'pageSize', code: 'too_small' },
    ]);
    expect(all.parse({ pageNo: '0', pageSize: '0' })).toMatchObject({ pageNo: 0, pageSize: 0 });
    expect(issues(all, { pageNo: '-1' })).toMatchObject([{ path: 'pageNo', code: 'too_small' }]);
  });

  it('refuses an unknown order field or direction', () => {
    expect(issues(q, { orderBy: 'password' })).toMatchObject([{ path: 'orderBy', code: 'invalid_value' }]);
    expect(issues(q, { orderType: 'DESC' })).toMatchObject([{ path: 'orderType', code: 'invalid_value' }]);
  });
});

describe('pageWindow', () => {
  it('turns a page into limit/offset; page size 0 is every row', () => {
    expect(pageWindow({ pageNo: 1, pageSize: 50 })).toEqual({ limit: 50, offset: 0 });
    expect(pageWindow({ pageNo: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow({ pageNo: 0, pageSize: 0 })).toEqual({ offset: 0 });
    expect(pageWindow({ pageNo: 0, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
  });
});
