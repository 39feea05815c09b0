import { C } from '@lns/contract/codes';
import type { NsRow } from '@lns/contract/network-servers';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { networkServers } from '../db/schema/network-servers';
import { DomainError } from '../errors';

type Row = typeof networkServers.$inferSelect;
export interface NsInput {
  region: string;
  subnet: string;
  nsURL: string;
  color: string;
}

export const nsRowOf = (r: Row): NsRow => ({
  nsID: r.id,
  region: r.region,
  subnet: r.subnet,
  nsURL: r.nsUrl,
  color: r.color,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The unique (region, subnet) index decides, so two admins adding the same subnet at once get one 1012. */
const taken = (err: unknown): never => {
  if (uniqueViolation(err)) throw new DomainError(C.SUBNET_EXISTS, 'this subnet has a network server', 'subnet');
  throw err;
};

/** Network-server entries, one per region and subnet. */
export class NetworkServerRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<NsRow[]> {
    const rows = await this.db
      .select()
      .from(networkServers)
      .orderBy(asc(networkServers.region), asc(networkServers.subnet));
    return rows.map(nsRowOf);
  }

  async byId(id: number): Promise<NsRow | undefined> {
    const [r] = await this.db.select().from(networkServers).where(eq(networkServers.id, id));
    return r && nsRowOf(r);
  }

  async create(input: NsInput): Promise<NsRow> {
    const now = Date.now();
    const [r] = await this.db
      .insert(networkServers)
      .values({ ...this.columns(input), createdAt: now, updatedAt: now })
      .returning()
      .catch(taken);
    return nsRowOf(r!);
  }

  /** The entry as written, or undefined when there is none by that id. */
  async update(id: number, input: NsInput): Promise<NsRow | undefined> {
    const [r] = await this.db
      .update(networkServers)
      .set({ ...this.columns(input), updatedAt: Date.now() })
      .where(eq(networkServers.id, id))
      .returning()
      .catch(taken);
    return r && nsRowOf(r);
  }

  async delete(id: number): Promise<NsRow | undefined> {
    const [r] = await this.db.delete(networkServers).where(eq(networkServers.id, id)).returning();
    return r && nsRowOf(r);
  }

  private columns(i: NsInput) {
    return { region: i.region, subnet: i.subnet, nsUrl: i.nsURL, color: i.color };
  }
}
