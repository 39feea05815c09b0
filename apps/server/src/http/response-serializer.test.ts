import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

const schema = z.object({ code: z.number(), name: z.string(), tags: z.array(z.string()).default([]) });

/** One route whose handler answers `body`, served with the serializer checked or not. */
async function answer(checked: boolean, body: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(checked));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('answers and their response schema', () => {
  it('writes an answer that matches its schema exactly, checked or not', async () => {
    for (const checked of [true, false]) {
      const res = await answer(checked, { code: 0, name: 'a', tags: ['t'] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, name: 'a', tags: ['t'] });
    }
  });

  it('checked, fails an answer with a field the contract does not declare, or one a default fills', async () => {
    expect((await answer(true, { code: 0, name: 'a', tags: [], passwordHash: 'x' })).statusCode).toBe(500);
    expect((await answer(true, { code: 0, name: 'a' })).statusCode).toBe(500);
    expect((await answer(true, { code: 0, name: 7, tags: [] })).statusCode).toBe(500);
  });

  it('unchecked (npm start), writes the answer as the handler built it', async () => {
    expect((await answer(false, { code: 0, name: 'a', tags: [], extra: 1 })).json()).toEqual({
      code: 0,
      name: 'a',
      tags: [],
      extra: 1,
    });
  });
});
