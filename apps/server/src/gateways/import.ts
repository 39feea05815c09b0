import { C } from '@lns/contract/codes';
import { gatewayCreateBody } from '@lns/contract/gateways';
import type { ImportReport, ImportRow } from '@lns/contract/imports';
import { DomainError } from '../errors';
import { codedIssue, duplicateIssue, zodIssues } from '../imports/issues';
import { rowToBody, type SheetRow } from './excel';
import type { GatewayValues } from './repository';
import { type GatewayService, gatewayValues } from './service';

type Values = Omit<GatewayValues, 'createdAt' | 'updatedAt'>;

/** The template column of a create-body field (the location pair is one column per axis). */
const column = (field: string) => field.replace(/For(Google|Gaode)Map$/, '');
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * Every sheet row judged as a create would judge it, with all its problems: the contract's
 * schema (every field), the type, region and pico rules, duplicates within the sheet and against
 * the database. Writes nothing.
 */
export async function checkGatewaySheet(
  svc: GatewayService,
  sheet: SheetRow[],
  ownerId: number,
): Promise<{ rows: ImportRow[]; values: Values[] }> {
  const types = new Map((await svc.types.all()).map((t) => [t.name, t]));
  const firstId = new Map<string, number>();
  const firstName = new Map<string, number>();
  const rows: ImportRow[] = [];
  const accepted: { row: ImportRow; v: Values }[] = [];
  for (const r of sheet) {
    const { body, problem } = rowToBody(r);
    const row: ImportRow = { row: r.row, id: str(body.gwID), name: str(body.gwName), errors: [] };
    rows.push(row);
    if (problem) row.errors.push(codedIssue(problem.code, problem.field));
    const parsed = gatewayCreateBody.safeParse(body);
    if (!parsed.success) row.errors.push(...zodIssues(parsed.error, body, column));
    const gwID = parsed.success ? parsed.data.gwID : row.id.toLowerCase();
    // Duplicates are told even when the row has other problems: the user fixes all at once.
    if (gwID) {
      const same = firstId.get(gwID);
      if (same !== undefined) row.errors.push(duplicateIssue(C.GATEWAY_EXISTS, 'gwID', same));
      else firstId.set(gwID, r.row);
    }
    if (row.name) {
      const same = firstName.get(row.name);
      if (same !== undefined) row.errors.push(duplicateIssue(C.GATEWAY_EXISTS, 'gwName', same));
      else firstName.set(row.name, r.row);
    }
    if (!parsed.success) continue;
    const type = types.get(parsed.data.gwType);
    if (!type) {
      row.errors.push(codedIssue(C.GWTYPE_MISSING, 'gwType'));
      continue;
    }
    try {
      const v = gatewayValues(parsed.data, type, ownerId);
      if (!row.errors.length) accepted.push({ row, v });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      row.errors.push(codedIssue(e.code, e.field && column(e.field), e.detail));
    }
  }
  const existing = await svc.repo.existingIds(accepted.map((a) => a.v.gwId));
  const taken = await svc.repo.takenNames(
    ownerId,
    accepted.map((a) => a.v.name),
  );
  for (const { row, v } of accepted) {
    if (existing.has(v.gwId)) row.errors.push(codedIssue(C.GATEWAY_ID_EXISTS, 'gwID'));
    if (taken.has(v.name)) row.errors.push(codedIssue(C.GATEWAY_NAME_EXISTS, 'gwName'));
  }
  const failed = rows.some((r) => r.errors.length > 0);
  return { rows, values: failed ? [] : accepted.map((a) => a.v) };
}

/** The import: refused whole (ImportRefused) when any row fails, else every row written. */
export async function importGatewaySheet(
  svc: GatewayService,
  sheet: SheetRow[],
  ownerId: number,
  dryRun: boolean,
): Promise<ImportReport> {
  const { rows, values } = await checkGatewaySheet(svc, sheet, ownerId);
  if (dryRun) return { dryRun, created: 0, rows };
  const failing = rows.find((r) => r.errors.length > 0);
  if (failing) throw new ImportRefused({ dryRun, created: 0, rows }, failing.errors[0]!.code);
  await svc.insertImported(ownerId, values);
  return { dryRun, created: values.length, rows };
}

/** An import refused as a whole; the report says why, row by row. */
export class ImportRefused extends Error {
  constructor(
    readonly report: ImportReport,
    readonly code: number,
  ) {
    super(`code ${code}`);
  }
}
