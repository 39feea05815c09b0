import type { RelayRequestKind } from '@lns/contract/relay-api';
import { decodeRhf3m485, encodeRhf3m485, RHF3M485_PORT, type Rhf3m485Message } from '@lns/lorawan/relay/rhf3m485';
import { decodeRhf3mr01, encodeRhf3mr01, RHF3MR01_PORT, type Rhf3mr01Message } from '@lns/lorawan/relay/rhf3mr01';

/**
 * The two management protocols seen from the request machine: which message a request kind
 * sends and which answer type closes it (docs/protocols/rhf3mr01.md, rhf3m485.md).
 */
export const PRODUCT = { RELAY: 'rhf3mr01', LADTP: 'rhf3m485' } as const;
export type Product = (typeof PRODUCT)[keyof typeof PRODUCT];
export const isProduct = (p: string): p is Product => p === PRODUCT.RELAY || p === PRODUCT.LADTP;
export const portOf = (p: Product) => (p === PRODUCT.RELAY ? RHF3MR01_PORT : RHF3M485_PORT);

/** The request message of each kind, and the answer type that closes it. */
const RELAY_MESSAGES: Record<RelayRequestKind, { req: Rhf3mr01Message['type']; ans: Rhf3mr01Message['type'] }> = {
  status: { req: 'StatusReq', ans: 'StatusAns' },
  slaves: { req: 'SlaveListReq', ans: 'SlaveListAns' },
  bind: { req: 'BindReq', ans: 'BindAns' },
  unbind: { req: 'UnbindReq', ans: 'UnbindAns' },
  mode: { req: 'ModeSetReq', ans: 'ModeSetAns' },
  configGet: { req: 'ConfigGetReq', ans: 'ConfigGetAns' },
  configSet: { req: 'ConfigSetReq', ans: 'ConfigSetAns' },
  rejoin: { req: 'RejoinListReq', ans: 'RejoinListAns' },
  firmware: { req: 'FwVersionReq', ans: 'FwVersionAns' },
};
const LADTP_MESSAGES: Partial<Record<RelayRequestKind, { req: Rhf3m485Message['type']; ans: string }>> = {
  status: { req: 'StatusReq', ans: 'StatusAns' },
  configGet: { req: 'ConfigGetReq', ans: 'ConfigGetAns' },
  configSet: { req: 'ConfigSetReq', ans: 'ConfigSetAns' },
};

export const answerTypeOf = (p: Product, kind: string): string | undefined =>
  (p === PRODUCT.RELAY ? RELAY_MESSAGES : LADTP_MESSAGES)[kind as RelayRequestKind]?.ans;

/**
 * The bytes of one try of a request: the kind's message with this token and the fields the step
 * needs (`fields`: start of a list page, the slave, modes, configuration).
 */
export function requestBytes(p: Product, kind: string, token: number, fields: Record<string, unknown>): Buffer {
  if (p === PRODUCT.RELAY) {
    const m = RELAY_MESSAGES[kind as RelayRequestKind];
    return encodeRhf3mr01({ type: m.req, token, ...fields } as Rhf3mr01Message);
  }
  const m = LADTP_MESSAGES[kind as RelayRequestKind]!;
  return encodeRhf3m485({ type: m.req, token, ...fields } as Rhf3m485Message);
}

export type Message = { product: 'rhf3mr01'; m: Rhf3mr01Message } | { product: 'rhf3m485'; m: Rhf3m485Message };

/** The protocol message an uplink carries, or undefined (another port, another version, garbage). */
export function messageIn(p: Product, fPort: number | null, payload: Buffer): Message | undefined {
  if (fPort !== portOf(p) || payload.length === 0) return undefined;
  try {
    return p === PRODUCT.RELAY
      ? { product: p, m: decodeRhf3mr01(payload, 'up') }
      : { product: p, m: decodeRhf3m485(payload, 'up') };
  } catch {
    return undefined;
  }
}
