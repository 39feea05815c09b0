import type { Db } from '../db/client';
import { globalConfs, txLuts } from '../db/schema/frequency-plans';
import type { FileStore } from '../files/store';
import { readJson } from './conf-files';
import { type Effective, effectiveConfig, type UdpTarget } from './effective';

type ConfRow = typeof globalConfs.$inferSelect;
type LutRow = typeof txLuts.$inferSelect;

/** What a gateway's configuration is built from. */
export interface GatewayKey {
  gwId: string;
  region: string;
  subnet: string;
  gwTypeId: number;
}

export interface Resolved {
  conf?: ConfRow;
  lut?: LutRow;
  /** Undefined without a global configuration for the gateway's region/subnet. */
  effective?: Effective;
}

/** Parsed files by digest: a configuration is a few KiB, and files never change under a digest. */
const JSON_CACHE_MAX = 200;

/**
 * The global configurations and tx LUTs, loaded once for a batch of gateways (a list page, a
 * push): each gateway's effective configuration is built from them.
 */
export class PlanSources {
  private readonly json = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    readonly server: UdpTarget,
  ) {}

  async load(): Promise<{ resolve(g: GatewayKey): Promise<Resolved> }> {
    const [confs, luts] = await Promise.all([this.db.select().from(globalConfs), this.db.select().from(txLuts)]);
    const confOf = new Map(confs.map((c) => [`${c.region}/${c.subnet}`, c]));
    const lutOf = new Map(luts.map((l) => [`${l.gwTypeId}/${l.region}`, l]));
    return {
      resolve: async (g) => {
        const conf = confOf.get(`${g.region}/${g.subnet}`);
        const lut = lutOf.get(`${g.gwTypeId}/${g.region}`);
        if (!conf) return { lut };
        const globalConf = await this.read(conf.digest);
        if (globalConf === undefined) return { conf, lut, effective: { why: 'the global configuration file is gone' } };
        const txLut = lut && (await this.read(lut.digest));
        if (lut && txLut === undefined) return { conf, lut, effective: { why: 'the tx lookup table file is gone' } };
        return { conf, lut, effective: effectiveConfig({ gwId: g.gwId, globalConf, txLut, server: this.server }) };
      },
    };
  }

  private async read(digest: string): Promise<unknown> {
    if (this.json.has(digest)) return this.json.get(digest);
    const value = await readJson(this.files, digest);
    if (value === undefined) return undefined;
    if (this.json.size >= JSON_CACHE_MAX) this.json.delete(this.json.keys().next().value!);
    this.json.set(digest, value);
    return value;
  }
}
