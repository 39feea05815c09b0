import { describe, expect, it } from 'vitest';
import { JsonBoundsError, jsonDepth, parseBoundedJson } from './bounded-json';

describe('bounded JSON', () => {
  it('measures nesting without counting brackets inside strings or after escapes', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[\\"{{{"}')).toBe(1);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth('['.repeat(1000), 3)).toBe(4);
  });

  it('parses within the bounds and refuses depth or size beyond them', () => {
    const bounds = { maxDepth: 2, maxBytes: 20 };
    expect(parseBoundedJson('{"a":[1]}', bounds)).toEqual({ a: [1] });
    expect(() => parseBoundedJson('{"a":[[1]]}', bounds)).toThrow(JsonBoundsError);
    expect(() => parseBoundedJson(`"${'x'.repeat(30)}"`, bounds)).toThrow('longer than 20');
  });
});
