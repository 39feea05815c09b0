import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * How answers are written. Checked (the test suite's servers): every answer is parsed with its
 * endpoint's response schema, and must come out of it unchanged: a field the contract does not
 * declare, a value of another type or one a default would fill fails the test that sent it.
 * Unchecked (`npm start`): the answer is written as the handler built it. Parsing a 50-row device
 * page copied every row and was a quarter of the bytes a list call allocated; since the suite
 * holds every handler to its schema exactly, the copy would come out equal to what it copied.
 */
export function responseSerializer(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!checked) return () => (data) => JSON.stringify(data);
  return (route) => {
    const parse = serializerCompiler(route);
    return (data) => {
      const text = parse(data);
      const plain = JSON.parse(JSON.stringify(data)) as unknown;
      if (!isDeepStrictEqual(JSON.parse(text), plain))
        throw new Error(
          `${route.method} ${route.url}: the answer differs from its response schema's output (undeclared fields, or values the schema changes)`,
        );
      return text;
    };
  };
}
