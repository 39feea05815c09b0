import { C } from '@lns/contract/codes';
import type { IMPORT_LIMITS, ImportLimit } from '@lns/contract/request-limits';
import { DomainError } from '../errors';

export type ImportLimits = { [K in keyof typeof IMPORT_LIMITS]: number };

const MiB = 1024 * 1024;

/** The limit in words, for the refusal's detail. */
export function limitText(limit: ImportLimit, max: number): string {
  switch (limit) {
    case 'fileBytes':
      return `at most ${max / MiB} MiB per file`;
    case 'rows':
      return `at most ${max} rows, header included`;
    case 'columns':
      return `at most ${max} columns`;
    case 'cells':
      return `at most ${max} filled cells`;
    case 'unzippedBytes':
      return `at most ${max / MiB} MiB once unzipped`;
    case 'zipEntries':
      return `at most ${max} parts inside the file`;
  }
}

export const tooLarge = (limit: ImportLimit, limits: ImportLimits) =>
  new DomainError(C.SPREADSHEET_TOO_LARGE, limitText(limit, limits[limit]), 'file');

export const tooComplex = (detail: string) => new DomainError(C.SPREADSHEET_TOO_COMPLEX, detail, 'file');

export const unreadable = () => new DomainError(C.PARAM_FORMAT, 'EXCEL parsing failed', 'file');
