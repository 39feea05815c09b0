import { C, type Code } from '@lns/contract/codes';
import {
  BRIDGE_LOG,
  GATEWAY_QUOTA_DEFAULT,
  type GatewayBatchUpdateBody,
  type GatewayInput,
  isPico,
  locationOf,
  PICO,
  picoExtendedAttr,
} from '@lns/contract/gateways';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { asOwner, type Viewer } from '../db/ownership';
import { settings } from '../db/schema/core';
import { DomainError } from '../errors';
import type { LicenseGate } from '../license/gate';
import { checkRegionSubnet } from './regions';
import {
  deleteGateways,
  type GatewayRecord,
  GatewayRepository,
  type GatewayValues,
  insertGateways,
  updateGateway,
  updateGateways,
} from './repository';
import { GatewayTagRepository } from './tags-repository';
import { type GatewayTypeRecord, GatewayTypeRepository } from './types-repository';

/** A batch refused as a whole, with what was wrong in each row (sent as `data.errors`). */
export class RowsError extends Error {
  constructor(
    readonly code: Code,
    readonly rows: RowProblem[],
  ) {
    super(`code ${code}`);
  }
}
export type RowProblem = { row?: number; gwID?: string; field?: string; code: Code; detail?: string };

/** rhf2sp01 works only on the pico plan, and the pico plan only with rhf2sp01 (7003 otherwise). */
export function checkPicoPairing(gwType: string, region: string): void {
  if ((gwType === PICO.gwType) !== (region === PICO.region)) {
    throw new DomainError(
      C.GWTYPE_UNSUPPORTED,
      `type ${PICO.gwType} goes with region ${PICO.region} (subnet ${PICO.subnet}) and only with it`,
      'gwType',
    );
  }
}

/** The stored values for a create or update body, after every rule that needs no database. */
export function gatewayValues(
  input: GatewayInput,
  type: GatewayTypeRecord,
  ownerId: number,
  existing?: GatewayRecord,
): Omit<GatewayValues, 'createdAt' | 'updatedAt'> {
  checkRegionSubnet(input.region, input.subnet);
  checkPicoPairing(type.name, input.region);
  if (existing?.extendedAttr && (existing.region !== input.region || existing.subnet !== input.subnet)) {
    throw new DomainError(C.PARAM_FORMAT, 'a pico gateway keeps its region and subnet', 'region');
  }
  const pico = isPico({ region: input.region, subnet: input.subnet, gwType: type.name });
  const loc = locationOf(input);
  return {
    gwId: input.gwID,
    ownerId,
    name: input.gwName,
    gwTypeId: type.id,
    region: input.region,
    subnet: input.subnet,
    pushUrls: input.pushUrls,
    headers: input.headers,
    txPower: input.txPower,
    enableClassB: input.enableClassB,
    enableClassC: input.enableClassC,
    enableBridgeLog: input.enableBridgeLogToFile,
    enablePfw: existing?.enablePfw ?? false,
    mqttKeepAlive: input.mqttKeepAlive,
    statInterval: input.statInterval,
    extendedAttr: pico ? picoExtendedAttr.parse(input.extendedAttr ?? {}) : null,
    remarks: input.remarks,
    ntpServer: input.ntpServer,
    mapType: loc?.mapType ?? null,
    latitude: loc?.latitude ?? null,
    longitude: loc?.longitude ?? null,
    altitude: loc ? (input.altitude ?? existing?.altitude ?? null) : null,
  };
}

/** A unique violation raced past the checks: the same answer the check would have given. */
function takenAnswer(err: unknown): DomainError | undefined {
  const hit = uniqueViolation(err);
  if (!hit) return undefined;
  if (hit.constraint?.includes('name')) return new DomainError(C.GATEWAY_NAME_EXISTS, undefined, 'gwName');
  return new DomainError(C.GATEWAY_ID_EXISTS, undefined, 'gwID');
}

/** Create, update, batch and import rules for gateways; routes stay thin. */
export class GatewayService {
  readonly repo: GatewayRepository;
  readonly types: GatewayTypeRepository;
  readonly tags: GatewayTagRepository;

  constructor(
    private readonly db: Db,
    /** Creates and imports count against the platform license too (5005, 13001/13002). */
    private readonly license: LicenseGate,
  ) {
    this.repo = new GatewayRepository(db);
    this.types = new GatewayTypeRepository(db);
    this.tags = new GatewayTagRepository(db);
  }

  async typeOf(name: string): Promise<GatewayTypeRecord> {
    const t = await this.types.byName(name);
    if (!t) throw new DomainError(C.GWTYPE_MISSING, `no gateway type '${name}'`, 'gwType');
    return t;
  }

  /** Tags given to a gateway must be its owner's. */
  async checkTags(tagsId: number[], ownerId: number): Promise<void> {
    const found = await this.tags.visible(tagsId, asOwner(ownerId));
    if (found.length !== tagsId.length) {
      const ok = new Set(found.map((t) => t.id));
      throw new DomainError(C.PARAM_FORMAT, `unknown tag ${tagsId.find((id) => !ok.has(id))}`, 'tagsId');
    }
  }

  async quota(): Promise<number> {
    const row = (await this.db.select().from(settings).where(eq(settings.key, 'gateway.quota')).limit(1))[0];
    return typeof row?.value === 'number' ? row.value : GATEWAY_QUOTA_DEFAULT;
  }

  async checkQuota(ownerId: number, adding: number): Promise<void> {
    const q = await this.quota();
    if ((await this.repo.countByOwner(ownerId)) + adding > q) {
      throw new DomainError(C.GATEWAY_QUOTA, `at most ${q} gateways per user`, 'gwID');
    }
  }

  async create(input: GatewayInput, ownerId: number): Promise<void> {
    const type = await this.typeOf(input.gwType);
    const values = gatewayValues(input, type, ownerId);
    await this.checkTags(input.tagsId, ownerId);
    if ((await this.repo.existingIds([input.gwID])).size > 0)
      throw new DomainError(C.GATEWAY_ID_EXISTS, undefined, 'gwID');
    if ((await this.repo.takenNames(ownerId, [input.gwName])).size > 0) {
      throw new DomainError(C.GATEWAY_NAME_EXISTS, undefined, 'gwName');
    }
    await this.checkQuota(ownerId, 1);
    const now = Date.now();
    try {
      await this.db.transaction(async (tx) => {
        await this.license.admit(tx, { gateways: 1 });
        await insertGateways(tx as unknown as Db, [
          { ...values, tagIds: input.tagsId, createdAt: now, updatedAt: now },
        ]);
      });
    } catch (err) {
      throw takenAnswer(err) ?? err;
    }
  }

  /** Resolves to the row before and the values written (the audit log records both). */
  async update(
    input: GatewayInput,
    viewer: Viewer,
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
    const [existing] = await this.repo.visible([input.gwID], viewer);
    if (!existing) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    const type = await this.typeOf(input.gwType);
    const { gwId: _, ownerId: __, ...values } = gatewayValues(input, type, existing.ownerId, existing);
    await this.checkTags(input.tagsId, existing.ownerId);
    if ((await this.repo.takenNames(existing.ownerId, [input.gwName], existing.gwId)).size > 0) {
      throw new DomainError(C.GATEWAY_NAME_EXISTS, undefined, 'gwName');
    }
    try {
      await updateGateway(this.db, existing.gwId, { ...values, tagIds: input.tagsId });
    } catch (err) {
      throw takenAnswer(err) ?? err;
    }
    return { before: existing, after: { ...existing, ...values, tagIds: input.tagsId } };
  }

  /** All or nothing: any gwID the caller cannot see refuses the whole batch (5006). */
  async delete(gwIDs: string[], viewer: Viewer): Promise<void> {
    const ids = [...new Set(gwIDs)];
    const found = new Set((await this.repo.visible(ids, viewer)).map((g) => g.gwId));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new RowsError(
        C.GATEWAY_BATCH_DELETE,
        missing.map((gwID) => ({ gwID, field: 'gwIDs', code: C.GATEWAY_MISSING })),
      );
    }
    await deleteGateways(this.db, ids);
  }

  /** Only the fields sent change; one transaction, refused as a whole with per-gateway errors. */
  async batchUpdate(body: GatewayBatchUpdateBody & { gwIDs: string[] }, viewer: Viewer) {
    const ids = [...new Set(body.gwIDs)];
    const found = await this.repo.visible(ids, viewer);
    const byId = new Map(found.map((g) => [g.gwId, g]));
    const problems: RowProblem[] = ids
      .filter((id) => !byId.has(id))
      .map((gwID) => ({ gwID, field: 'gwIDs', code: C.GATEWAY_MISSING }));
    const type = body.gwType ? await this.typeOf(body.gwType) : undefined;
    if (type) {
      for (const g of found) {
        try {
          checkPicoPairing(type.name, g.region);
        } catch (e) {
          const err = e as DomainError;
          problems.push({ gwID: g.gwId, field: 'gwType', code: err.code, detail: err.detail });
        }
      }
    }
    if (body.tagsId?.length) {
      for (const ownerId of new Set(found.map((g) => g.ownerId))) {
        const mine = await this.tags.visible(body.tagsId, asOwner(ownerId));
        if (mine.length === body.tagsId.length) continue;
        for (const g of found.filter((x) => x.ownerId === ownerId)) {
          problems.push({
            gwID: g.gwId,
            field: 'tagsId',
            code: C.PARAM_FORMAT,
            detail: "tags must be the gateway owner's",
          });
        }
      }
    }
    if (problems.length > 0) throw new RowsError(problems[0]!.code, problems);

    const patch: Partial<GatewayValues> = {};
    if (body.pushUrls !== undefined) patch.pushUrls = body.pushUrls as string[];
    if (body.headers !== undefined) patch.headers = body.headers as Record<string, string>;
    if (body.bridgeLog !== undefined) patch.enableBridgeLog = body.bridgeLog === BRIDGE_LOG.on;
    if (body.mqttKeepAlive !== undefined) patch.mqttKeepAlive = body.mqttKeepAlive;
    if (body.txPower !== undefined) patch.txPower = body.txPower;
    if (type) patch.gwTypeId = type.id;
    if (body.enableClassB !== undefined) patch.enableClassB = body.enableClassB;
    if (body.enableClassC !== undefined) patch.enableClassC = body.enableClassC;
    if (body.enablePFW !== undefined) patch.enablePfw = body.enablePFW;
    if (body.remarks !== undefined) patch.remarks = body.remarks;
    if (body.tagsId !== undefined) patch.tagIds = body.tagsId;
    await updateGateways(this.db, ids, patch);
    return ids.length;
  }

  /** Imported rows, already checked: within the quota and the license, in one transaction. */
  async insertImported(ownerId: number, values: Omit<GatewayValues, 'createdAt' | 'updatedAt'>[]): Promise<void> {
    await this.checkQuota(ownerId, values.length);
    const now = Date.now();
    try {
      await this.db.transaction(async (tx) => {
        await this.license.admit(tx, { gateways: values.length });
        await insertGateways(
          tx as unknown as Db,
          values.map((v) => ({ ...v, createdAt: now, updatedAt: now })),
        );
      });
    } catch (err) {
      throw takenAnswer(err) ?? err;
    }
  }
}
