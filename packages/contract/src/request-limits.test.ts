/**
 * The body limits are derived from the schemas' own limits; here the largest request each schema
 * accepts is built, parsed, and measured as the JSON a client sends, so a schema limit raised
 * without its body limit shows up as a test failure instead of as 413 answers in production.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appUpdateBody, DECODER_MAX, PUSH_URLS_MAX } from './applications';
import { CAPTCHA, captchaCheckBody, loginBody } from './auth';
import {
  BATCH_CREATE_MAX,
  batchCreateBody,
  batchDeviceRow,
  DEVICE_SELECTION_MAX,
  deviceDeleteBody,
  deviceUpdatesBody,
  EXPORT_FIELDS,
  exportBody,
  FCNT_MAX,
  moveDeviceBody,
} from './devices';
import { GATEWAY_IMPORT_COLUMNS, GATEWAY_IMPORT_MAX_ROWS } from './gateways';
import { INT4_MAX } from './input';
import { HEADERS_MAX, NAME_MAX, REMARKS_MAX, UPLOAD_MAX_BYTES } from './limits';
import { BODY_LIMITS, IMPORT_LIMITS } from './request-limits';

/** Bytes on the wire of an accepted body; fails the test if the schema refuses it. */
function acceptedBytes(schema: z.ZodType, body: unknown): number {
  const r = schema.safeParse(body);
  if (!r.success) throw new Error(`refused: ${JSON.stringify(r.error.issues.slice(0, 3))}`);
  return Buffer.byteLength(JSON.stringify(body));
}
/** A character that takes three bytes in UTF-8 but one UTF-16 unit, so it counts once towards a max(). */
const wide = (n: number) => '名'.repeat(n);
/** Device EUIs in the longest form accepted: uppercase, dash-separated. */
const dashedEuis = (n: number) =>
  Array.from({ length: n }, (_, i) => i.toString(16).padStart(16, '0').toUpperCase().match(/../g)!.join('-'));

describe('body limits fit the largest accepted request', () => {
  it('anonymous: a sign-in with every field at its longest', () => {
    const body = { name: wide(64), password: wide(128), digest: wide(128), timeStamp: Number.MAX_SAFE_INTEGER };
    expect(acceptedBytes(loginBody, body)).toBeLessThanOrEqual(BODY_LIMITS.anonymous);
  });

  it('captchaCheck: a full drag track as the console records it (whole pixels, ms since the drag began)', () => {
    const track = Array.from({ length: CAPTCHA.trackSamples }, () => [CAPTCHA.width, 99_999, CAPTCHA.challengeTtlMs]);
    const body = { id: 'i'.repeat(64), x: CAPTCHA.width, track };
    expect(acceptedBytes(captchaCheckBody, body)).toBeLessThanOrEqual(BODY_LIMITS.captchaCheck);
  });

  it('json: an application with the longest decoder script, URLs and headers', () => {
    const body = {
      appID: INT4_MAX,
      appName: wide(NAME_MAX),
      pushUrls: Array.from({ length: PUSH_URLS_MAX }, (_, i) => `https://h${i}.example/${'p'.repeat(490)}`),
      headers: Object.fromEntries(
        Array.from({ length: HEADERS_MAX }, (_, i) => [`X-${i}${'k'.repeat(60)}`, wide(512)]),
      ),
      enableMQTT: true,
      productType: 'rhf3m485',
      protocol: wide(NAME_MAX),
      decoder: { name: wide(NAME_MAX), type: 'javascript', content: wide(DECODER_MAX) },
    };
    expect(acceptedBytes(appUpdateBody, body)).toBeLessThanOrEqual(BODY_LIMITS.json);
  });

  it('deviceSelection: delete, move, update and export of DEVICE_SELECTION_MAX devices', () => {
    const devEUIs = dashedEuis(DEVICE_SELECTION_MAX);
    expect(acceptedBytes(deviceDeleteBody, { devEUIs })).toBeLessThanOrEqual(BODY_LIMITS.deviceSelection);
    expect(acceptedBytes(moveDeviceBody, { appId: INT4_MAX, devEUIs })).toBeLessThanOrEqual(
      BODY_LIMITS.deviceSelection,
    );
    const tagsId = Array.from({ length: 100 }, () => INT4_MAX);
    const updates = { devEUIs, appID: INT4_MAX, tagsId, remarks: wide(REMARKS_MAX) };
    expect(acceptedBytes(deviceUpdatesBody, updates)).toBeLessThanOrEqual(BODY_LIMITS.deviceSelection);
    const exported = { devEUIs, fields: [...EXPORT_FIELDS], startTime: 0, endTime: 86_400_000 };
    expect(acceptedBytes(exportBody, exported)).toBeLessThanOrEqual(BODY_LIMITS.deviceSelection);
  });

  it('deviceBatch: BATCH_CREATE_MAX ABP rows with every field at its longest and 20 tags', () => {
    const [eui] = dashedEuis(1);
    const key = 'AA-'.repeat(15) + 'AA';
    const row = {
      devEUI: eui,
      devName: 'n'.repeat(NAME_MAX),
      appEUI: eui,
      authType: 'abp',
      devAddr: 'AA-BB-CC-DD',
      appSKey: key,
      nwkSKey: key,
      class: 'C',
      macVersion: '1.0.4',
      productType: 'rhf3m485',
      region: 'r'.repeat(20),
      autoSubnet: false,
      subnet: 's'.repeat(32),
      fCntUp: FCNT_MAX,
      fCntDown: FCNT_MAX,
      tagsId: Array.from({ length: 20 }, () => INT4_MAX),
      remarks: 'r'.repeat(REMARKS_MAX),
    };
    expect(batchDeviceRow.safeParse(row).success).toBe(true);
    const body = { appID: INT4_MAX, authType: 'abp', devices: Array.from({ length: BATCH_CREATE_MAX }, () => row) };
    expect(acceptedBytes(batchCreateBody, body)).toBeLessThanOrEqual(BODY_LIMITS.deviceBatch);
  });

  it('upload: the largest accepted spreadsheet with room for its form headers', () => {
    expect(IMPORT_LIMITS.fileBytes).toBe(UPLOAD_MAX_BYTES);
    expect(BODY_LIMITS.upload).toBeGreaterThan(IMPORT_LIMITS.fileBytes);
  });
});

describe('spreadsheet limits', () => {
  it('let through the largest import the gateway rules accept', () => {
    // The header row comes on top of the data rows.
    expect(IMPORT_LIMITS.rows).toBe(GATEWAY_IMPORT_MAX_ROWS + 1);
    expect(IMPORT_LIMITS.columns).toBeGreaterThanOrEqual(GATEWAY_IMPORT_COLUMNS.length);
    expect(IMPORT_LIMITS.cells).toBeGreaterThanOrEqual(IMPORT_LIMITS.rows * GATEWAY_IMPORT_COLUMNS.length);
  });
});
