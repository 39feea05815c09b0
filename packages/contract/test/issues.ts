import type { z } from 'zod';

/** The issues a schema reports for a value it must refuse (path joined by dots); fails if it accepts. */
export const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
};

/** What the server answers with: the first issue. */
export const first = (schema: z.ZodType, value: unknown) => issues(schema, value)[0];
