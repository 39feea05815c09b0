import { z } from 'zod';

/** Every API answer: `{ code, msg?, data?, amount? }`; code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
  amount?: number;
  /** Set on validation errors: the request field that was refused. */
  field?: string;
  /** Set on 1001: lets an operator find the full error in the server log. */
  requestId?: string;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string().optional(), data: data.optional() });

export const listEnvelopeOf = <T extends z.ZodType>(item: T) =>
  z.object({ code: z.number(), msg: z.string().optional(), amount: z.number(), data: z.array(item) });

export const errorEnvelope = z.object({
  code: z.number(),
  msg: z.string().optional(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
