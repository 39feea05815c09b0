/** Every way a LoRaWAN codec in this package can reject its input. */
export type LorawanErrorCode =
  | 'TOO_SHORT'
  | 'TOO_LONG'
  | 'BAD_LENGTH'
  | 'BAD_MTYPE'
  | 'BAD_MAJOR'
  | 'BAD_FOPTS_LEN'
  | 'BAD_FPORT'
  | 'BAD_CFLIST'
  | 'BAD_HEX'
  | 'BAD_KEY'
  | 'BAD_FIELD'
  | 'BAD_MIC'
  | 'UNKNOWN_CID'
  | 'UNKNOWN_REGION'
  | 'UNKNOWN_SUBNET'
  | 'UNKNOWN_DR'
  | 'BAD_DATR'
  | 'FEC_UNRECOVERABLE';

/** Typed error raised on malformed input or out-of-range fields. `code` is stable; `message` says what is wrong. */
export class LorawanError extends Error {
  readonly code: LorawanErrorCode;
  constructor(code: LorawanErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = 'LorawanError';
    this.code = code;
  }
}

export const fail = (code: LorawanErrorCode, message: string): never => {
  throw new LorawanError(code, message);
};

/** Throws BAD_FIELD unless `value` is an integer within [min, max]. */
export function checkInt(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    fail('BAD_FIELD', `${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
  return value;
}
