import { C, type Code, httpStatusOf } from '@lns/contract/codes';

/**
 * A refusal with a code from the contract's table. Thrown by domain modules and routes alike;
 * the HTTP error handler turns it into the envelope, other callers (MQTT commands) read `code`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: Code,
    readonly detail?: string,
    readonly field?: string,
    readonly status = httpStatusOf(code),
  ) {
    super(detail ?? `code ${code}`);
  }
}

export const fieldError = (field: string, detail: string, code: Code = C.PARAM_FORMAT) =>
  new DomainError(code, detail, field);
