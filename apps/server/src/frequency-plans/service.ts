import { C } from '@lns/contract/codes';
import {
  APPLY_PF_CONFIG,
  PF_CONF_PUSH_TIMEOUT_S,
  type PfConfRow,
  type PfConfState,
} from '@lns/contract/frequency-plans';
import { eq, sql } from 'drizzle-orm';
import { newSecret } from '../auth/tokens';
import type { Db } from '../db/client';
import { pfConfPushes } from '../db/schema/frequency-plans';
import { gateways, gatewayTypes } from '../db/schema/gateways';
import { DomainError } from '../errors';
import type { FileStore } from '../files/store';
import type { GatewayCommands } from '../gateways/agent/commands';
import { configUrl } from './config-url';
import type { UdpTarget } from './effective';
import { type GatewayKey, PlanSources, type Resolved } from './sources';

export interface FrequencyPlanDeps {
  db: Db;
  files: FileStore;
  commands: GatewayCommands;
  /** Where gateways reach this server over HTTP (PUBLIC_URL): the agent downloads from there. */
  publicUrl: string;
  /** This server's Semtech UDP address, written into each configuration's gateway_conf. */
  udp: UdpTarget;
}

type PushRow = typeof pfConfPushes.$inferSelect;
const gatewayColumns = {
  gwId: gateways.gwId,
  name: gateways.name,
  gwTypeId: gateways.gwTypeId,
  gwType: gatewayTypes.name,
  region: gateways.region,
  subnet: gateways.subnet,
  online: gateways.online,
  mqtt: gateways.mqtt,
};
type GatewayRow = GatewayKey & { name: string; gwType: string; online: boolean; mqtt: boolean };

/** Where a gateway's configuration stands (PF_CONF_STATES in the contract). */
export function stateOf(
  r: Resolved,
  agent: boolean,
  push: PushRow | undefined,
  now = Date.now(),
): { state: PfConfState; error: string | null } {
  const e = r.effective;
  if (!e) return { state: 'noConfig', error: null };
  if ('why' in e) return { state: 'error', error: e.why };
  if (!agent) return { state: 'manual', error: null };
  if (push?.state === 'applying' && push.deadline > now) return { state: 'applying', error: null };
  if (push?.appliedSha256 === e.sha256) return { state: 'upToDate', error: null };
  if (push?.state === 'error' && push.sha256 === e.sha256) return { state: 'error', error: push.error };
  return { state: 'outOfDate', error: null };
}

/**
 * The effective packet-forwarder configuration of gateways and its push to their agents
 * (docs/product/frequency-plans.md). A gateway is the agent's to configure when it links over
 * MQTT (the agent); the others are listed for an admin to install the file by hand.
 */
export class FrequencyPlans {
  readonly sources: PlanSources;

  constructor(private readonly d: FrequencyPlanDeps) {
    this.sources = new PlanSources(d.db, d.files, d.udp);
  }

  /** Every gateway with its configuration's state, optionally of one state, a page of them. */
  async list(q: {
    state?: PfConfState;
    limit?: number;
    offset: number;
  }): Promise<{ rows: PfConfRow[]; amount: number }> {
    const [gws, pushes, src] = await Promise.all([
      this.d.db
        .select(gatewayColumns)
        .from(gateways)
        .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
        .orderBy(gateways.gwId),
      this.d.db.select().from(pfConfPushes),
      this.sources.load(),
    ]);
    const pushOf = new Map(pushes.map((p) => [p.gatewayId, p]));
    const now = Date.now();
    const all: PfConfRow[] = [];
    for (const g of gws) {
      const r = await src.resolve(g);
      const push = pushOf.get(g.gwId);
      const { state, error } = stateOf(r, g.mqtt, push, now);
      if (q.state && q.state !== state) continue;
      all.push({
        gwID: g.gwId,
        gwName: g.name,
        gwType: g.gwType,
        region: g.region,
        subnet: g.subnet,
        online: g.online,
        agent: g.mqtt,
        globalConfID: r.conf?.id ?? null,
        txLutID: r.lut?.id ?? null,
        sha256: r.effective && 'sha256' in r.effective ? r.effective.sha256 : null,
        appliedSha256: push?.appliedSha256 ?? null,
        appliedAt: push?.appliedAt ?? null,
        state,
        error,
      });
    }
    const rows = q.limit === undefined ? all.slice(q.offset) : all.slice(q.offset, q.offset + q.limit);
    return { rows, amount: all.length };
  }

  /** The gateway's effective configuration: 5001 unknown gateway, 9001 none, 9003 cannot be built. */
  async effectiveOf(gwId: string): Promise<{ gw: GatewayRow; content: Buffer; sha256: string }> {
    const [gw] = await this.d.db
      .select(gatewayColumns)
      .from(gateways)
      .innerJoin(gatewayTypes, eq(gatewayTypes.id, gateways.gwTypeId))
      .where(eq(gateways.gwId, gwId));
    if (!gw) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gwID');
    const r = await (await this.sources.load()).resolve(gw);
    if (!r.effective)
      throw new DomainError(C.PKTFWD_MISSING, `no global configuration for ${gw.region}/${gw.subnet}`, 'gwID');
    if ('why' in r.effective) throw new DomainError(C.PKTFWD_ENTRY_FAILED, r.effective.why, 'gwID');
    return { gw, ...r.effective };
  }

  /** A signed download address of the gateway's configuration (the gateway gets MQTT credentials if it had none). */
  async signed(gwId: string) {
    const { content, sha256 } = await this.effectiveOf(gwId);
    const key = await this.keyOf(gwId);
    return { ...configUrl(this.d.publicUrl, key, sha256, gwId), sha256, size: content.length };
  }

  /** Sends the configuration to the gateway's agent and waits until it is applied or refused. */
  async push(gwId: string, force: boolean, userName: string): Promise<{ state: PfConfState; sha256: string }> {
    const { gw, content, sha256 } = await this.effectiveOf(gwId);
    if (!gw.mqtt)
      throw new DomainError(
        C.PKTFWD_ENTRY_FAILED,
        'the gateway has no agent (it does not link over MQTT): download its configuration and install it by hand',
        'gwID',
      );
    const [last] = await this.d.db.select().from(pfConfPushes).where(eq(pfConfPushes.gatewayId, gwId));
    if (!force && last?.appliedSha256 === sha256)
      throw new DomainError(C.PKTFWD_EXISTS, 'the gateway runs this configuration already', 'gwID');
    const key = await this.keyOf(gwId);
    const { url } = configUrl(this.d.publicUrl, key, sha256, gwId);
    const run = {
      gatewayId: gwId,
      kind: 'pfConfig' as const,
      agentCmd: APPLY_PF_CONFIG,
      extra: { url, sha256, size: content.length },
      userName: userName.slice(0, 64),
      exclusive: true,
      timeoutS: PF_CONF_PUSH_TIMEOUT_S,
    };
    // 12003 offline, 12008 busy: refused before anything is recorded.
    const begun = await this.d.commands.begin(run);
    const now = Date.now();
    const applying = { sha256, state: 'applying' as const, error: null, deadline: now + (run.timeoutS + 5) * 1000 };
    await this.d.db
      .insert(pfConfPushes)
      .values({ gatewayId: gwId, ...applying, updatedAt: now })
      .onConflictDoUpdate({ target: pfConfPushes.gatewayId, set: { ...applying, updatedAt: now } });
    const { record, refusal } = await this.d.commands.complete(begun, run);
    if (!refusal) {
      await this.setPush(gwId, { state: 'applied', appliedSha256: sha256, appliedAt: Date.now(), error: null });
      return { state: 'upToDate', sha256 };
    }
    const error = record.error ?? 'failed';
    await this.setPush(gwId, { state: 'error', error });
    // The agent's own refusal (it could not download, write or restart) is the configuration's: 9004.
    if (refusal.code === C.GATEWAY_ERROR) throw new DomainError(C.PKTFWD_UPDATE_FAILED, error);
    throw refusal;
  }

  private async setPush(gwId: string, patch: Partial<PushRow>): Promise<void> {
    await this.d.db
      .update(pfConfPushes)
      .set({ ...patch, updatedAt: Date.now() })
      .where(eq(pfConfPushes.gatewayId, gwId));
  }

  /** The gateway's MQTT password, the signing key; set now for a gateway that never asked for one. */
  async keyOf(gwId: string): Promise<string> {
    const password = newSecret(18);
    const [row] = await this.d.db
      .update(gateways)
      .set({
        mqttPassword: sql`CASE WHEN ${gateways.mqttPassword} = '' THEN ${password} ELSE ${gateways.mqttPassword} END`,
      })
      .where(eq(gateways.gwId, gwId))
      .returning({ pw: gateways.mqttPassword });
    return row?.pw ?? '';
  }
}
