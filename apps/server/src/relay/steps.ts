/**
 * What a request's body holds and the message fields of its current step: list requests ask page
 * by page (`start`), bind and unbind walk their slaves one message each (`next`).
 */
export interface SlaveStep {
  devEUI: string;
  devAddr?: string;
  /** The slave's status before the bind (null: new), to go back to when the relay refuses. */
  from?: number | null;
}
export interface SlavesBody {
  slaves: SlaveStep[];
  next: number;
  /** Slaves the relay refused, with its result. */
  failed: { devEUI: string; result: number }[];
  [k: string]: unknown;
}

export function fieldsOf(kind: string, body: Record<string, unknown> | null): Record<string, unknown> {
  const b = body ?? {};
  switch (kind) {
    case 'slaves':
    case 'rejoin':
      return { start: Number(b.start ?? 0) };
    case 'bind': {
      const s = (b as SlavesBody).slaves[(b as SlavesBody).next]!;
      return { devEUI: s.devEUI, devAddr: s.devAddr };
    }
    case 'unbind':
      return { devEUI: (b as SlavesBody).slaves[(b as SlavesBody).next]!.devEUI };
    case 'mode':
      return { workMode: b.workMode, backwardMode: b.backwardMode };
    case 'configSet':
      return { config: b.config };
    default:
      return {};
  }
}

/** How an answer moves its request: closed (done or refused with the device's result), or on to its next step. */
export type Step =
  | { state: 'done' | 'refused'; result: number; body?: Record<string, unknown> }
  | { state: 'next'; body: Record<string, unknown> };
