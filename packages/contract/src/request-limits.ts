/**
 * What one request may carry, so that no upload or body can exhaust the server: request bodies
 * per route, and the spreadsheets the server reads (gateway import). Refusals: 6101 for a body,
 * 6102 for a spreadsheet over a limit, 6103 when reading it runs out of time or memory.
 */
import { DECODER_MAX } from './applications';
import { CAPTCHA_CHECK_BODY_MAX } from './auth';
import { BATCH_CREATE_MAX, DEVICE_SELECTION_MAX } from './devices';
import { GATEWAY_IMPORT_MAX_ROWS } from './gateways';
import { UPLOAD_MAX_BYTES } from './limits';

const KiB = 1024;

/** Spreadsheet limits, checked before the file is parsed (and again on what the parser found). */
export const IMPORT_LIMITS = {
  /** The uploaded .xlsx / .xls file. */
  fileBytes: UPLOAD_MAX_BYTES,
  /** Sheet rows, the header row included. */
  rows: GATEWAY_IMPORT_MAX_ROWS + 1,
  /** Sheet columns (the template has 14). */
  columns: 64,
  /** Filled cells of the sheet. */
  cells: 150_000,
  /** An .xlsx is a zip: the sum of its unzipped entries (a full 1 MiB sheet unzips to about 10 MiB). */
  unzippedBytes: 24 * 1024 * KiB,
  /** Entries of the zip (a workbook from Excel has about a dozen). */
  zipEntries: 100,
} as const;
export type ImportLimit = keyof typeof IMPORT_LIMITS;

/** Largest accepted request body per kind of route, in bytes (HTTP 413, code 6101, beyond). */
export const BODY_LIMITS = {
  /** Routes open without sign-in: login (name, password, ticket), unknown paths. */
  anonymous: 4 * KiB,
  /** The captcha check: its drag track (worked out in auth.ts). */
  captchaCheck: CAPTCHA_CHECK_BODY_MAX,
  /** Any other JSON body; the largest is an application with a decoder script (≤ 3 bytes per character). */
  json: DECODER_MAX * 3 + 64 * KiB,
  /** Delete, update, move or export of up to 20,000 devEUIs (dashed form 26 bytes each). */
  deviceSelection: DEVICE_SELECTION_MAX * 32 + 64 * KiB,
  /** Batch-create of up to 20,000 devices at about 1 KiB per device row. */
  deviceBatch: BATCH_CREATE_MAX * KiB,
  /** A multipart upload: the file plus its form headers. */
  upload: IMPORT_LIMITS.fileBytes + 64 * KiB,
} as const;
