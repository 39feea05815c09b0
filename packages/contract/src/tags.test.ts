import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { TAG_GROUP_MAX, TAG_NAME_MAX, tagCreateBody, tagDeleteBody } from './device-tags';
import {
  TAG_NAME_MAX as GATEWAY_TAG_NAME_MAX,
  gatewayTagCreateBody,
  gatewayTagDeleteBody,
  TAGS_PER_CREATE_MAX,
} from './gateway-tags';
import { INT4_MAX } from './input';

const names = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('device tags', () => {
  it('create trimmed names of 1 to TAG_NAME_MAX characters in a named group', () => {
    expect(tagCreateBody.parse({ tags: [' a ', 'b'.repeat(TAG_NAME_MAX)], groupName: ' g ' })).toEqual({
      tags: ['a', 'b'.repeat(TAG_NAME_MAX)],
      groupName: 'g',
    });
    expect(issues(tagCreateBody, { tags: ['b'.repeat(TAG_NAME_MAX + 1)], groupName: 'g' })).toMatchObject([
      { path: 'tags.0', code: 'too_big' },
    ]);
    expect(issues(tagCreateBody, { tags: ['ok', ' '], groupName: 'g' })).toEqual([
      { path: 'tags.1', code: 'too_small', message: 'tag cannot be empty' },
    ]);
  });

  it('need a group of 1 to TAG_GROUP_MAX characters', () => {
    expect(tagCreateBody.parse({ tags: ['a'], groupName: 'g'.repeat(TAG_GROUP_MAX) }).groupName).toHaveLength(
      TAG_GROUP_MAX,
    );
    expect(issues(tagCreateBody, { tags: ['a'], groupName: 'g'.repeat(TAG_GROUP_MAX + 1) })).toMatchObject([
      { path: 'groupName', code: 'too_big' },
    ]);
    expect(issues(tagCreateBody, { tags: ['a'], groupName: '' })).toEqual([
      { path: 'groupName', code: 'too_small', message: 'group name cannot be empty' },
    ]);
    expect(issues(tagCreateBody, { tags: ['a'] })).toMatchObject([{ path: 'groupName', code: 'invalid_type' }]);
  });

  it('create 1 to 100 names at once and delete 1 to 1000 ids', () => {
    expect(tagCreateBody.parse({ tags: names(100), groupName: 'g' }).tags).toHaveLength(100);
    expect(issues(tagCreateBody, { tags: names(101), groupName: 'g' })).toMatchObject([
      { path: 'tags', code: 'too_big' },
    ]);
    expect(issues(tagCreateBody, { tags: [], groupName: 'g' })).toMatchObject([{ path: 'tags', code: 'too_small' }]);
    expect(tagDeleteBody.parse({ tagsId: ids(1000) }).tagsId).toHaveLength(1000);
    expect(issues(tagDeleteBody, { tagsId: ids(1001) })).toMatchObject([{ path: 'tagsId', code: 'too_big' }]);
    expect(issues(tagDeleteBody, { tagsId: [INT4_MAX + 1] })).toMatchObject([{ path: 'tagsId.0', code: 'too_big' }]);
    expect(issues(tagDeleteBody, { tagsId: ['1'] })).toMatchObject([{ path: 'tagsId.0', code: 'invalid_type' }]);
  });
});

describe('gateway tags', () => {
  it('create 1 to TAGS_PER_CREATE_MAX distinct trimmed names, the group optional', () => {
    expect(gatewayTagCreateBody.parse({ tags: [' a ', 'b'] })).toEqual({ tags: ['a', 'b'], groupName: '' });
    expect(gatewayTagCreateBody.parse({ tags: names(TAGS_PER_CREATE_MAX) }).tags).toHaveLength(TAGS_PER_CREATE_MAX);
    expect(issues(gatewayTagCreateBody, { tags: names(TAGS_PER_CREATE_MAX + 1) })).toMatchObject([
      { path: 'tags', code: 'too_big' },
    ]);
    expect(issues(gatewayTagCreateBody, { tags: [] })).toEqual([
      { path: 'tags', code: 'too_small', message: 'tags cannot be empty' },
    ]);
  });

  it('refuse the same name twice, also when only the spaces differ', () => {
    expect(issues(gatewayTagCreateBody, { tags: ['a', ' a'] })).toEqual([
      { path: 'tags', code: 'custom', message: 'duplicate tag names' },
    ]);
  });

  it('keep names and the group within TAG_NAME_MAX', () => {
    const max = 'n'.repeat(GATEWAY_TAG_NAME_MAX);
    expect(gatewayTagCreateBody.parse({ tags: [max], groupName: max })).toEqual({ tags: [max], groupName: max });
    expect(issues(gatewayTagCreateBody, { tags: [`${max}n`] })).toMatchObject([{ path: 'tags.0', code: 'too_big' }]);
    expect(issues(gatewayTagCreateBody, { tags: ['a'], groupName: `${max}n` })).toMatchObject([
      { path: 'groupName', code: 'too_big' },
    ]);
    expect(issues(gatewayTagCreateBody, { tags: [''] })).toMatchObject([
      { path: 'tags.0', message: 'tag cannot be empty' },
    ]);
  });

  it('delete 1 to 1000 ids', () => {
    expect(gatewayTagDeleteBody.parse({ tagsId: ids(1000) }).tagsId).toHaveLength(1000);
    expect(issues(gatewayTagDeleteBody, { tagsId: ids(1001) })).toMatchObject([{ path: 'tagsId', code: 'too_big' }]);
    expect(issues(gatewayTagDeleteBody, { tagsId: [] })).toEqual([
      { path: 'tagsId', code: 'too_small', message: 'tagsId cannot be empty' },
    ]);
  });
});
