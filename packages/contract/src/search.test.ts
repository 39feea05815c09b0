import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { MAX_PAGE_SIZE } from './paging';
import { searchQuery, searchTypeParams, searchTypeQuery } from './search';

describe('search', () => {
  it('defaults to an empty keyword and the first page; the category is required', () => {
    expect(searchQuery.parse({ category: 'device' })).toEqual({
      keyword: '',
      pageNo: 1,
      pageSize: 50,
      category: 'device',
    });
    expect(issues(searchQuery, {})).toMatchObject([{ path: 'category', code: 'invalid_value' }]);
    expect(issues(searchQuery, { category: 'password' })).toMatchObject([{ path: 'category' }]);
  });

  it('trims the keyword to at most 128 characters and coerces paging', () => {
    expect(
      searchTypeQuery.parse({ keyword: ` ${'k'.repeat(128)} `, pageNo: '2', pageSize: String(MAX_PAGE_SIZE) }),
    ).toEqual({
      keyword: 'k'.repeat(128),
      pageNo: 2,
      pageSize: MAX_PAGE_SIZE,
    });
    expect(issues(searchTypeQuery, { keyword: 'k'.repeat(129) })).toMatchObject([{ path: 'keyword', code: 'too_big' }]);
    expect(issues(searchTypeQuery, { pageSize: String(MAX_PAGE_SIZE + 1) })).toMatchObject([{ path: 'pageSize' }]);
    expect(issues(searchTypeQuery, { pageNo: '0' })).toMatchObject([{ path: 'pageNo', code: 'too_small' }]);
  });

  it('narrows devices to a multicast group by a normalised EUI', () => {
    expect(searchQuery.parse({ category: 'device', mcEUI: 'AA-BB-CC-DD-EE-FF-00-11' }).mcEUI).toBe('aabbccddeeff0011');
    expect(issues(searchQuery, { category: 'device', mcEUI: 'aabb' })).toMatchObject([
      { path: 'mcEUI', code: 'custom' },
    ]);
    expect(searchTypeParams.parse({ type: 'user' })).toEqual({ type: 'user' });
    expect(issues(searchTypeParams, { type: 'users' })).toMatchObject([{ path: 'type' }]);
  });
});
