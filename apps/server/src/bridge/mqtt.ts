import { performance } from 'node:perf_hooks';
import { agentReport } from '@lns/contract/gateway-agent';
import {
  connState,
  downlinkTxAck,
  gatewayStats,
  gatewayTopic,
  parseGatewayTopic,
  uplinkFrame,
} from '@lns/contract/gateway-mqtt';
import type { Txpk } from '@lns/semtech-udp/packets';
import type { z } from 'zod';
import { gatewayByGwId } from '../gateways/repository';
import { ntpServerOf } from '../network-servers/ntp';
import type { Deduplicator } from '../ns/dedup';
import { handleTxAck } from '../ns/downlink/txack';
import type { Stage } from '../ns/stage';
import { storeAgentReport } from './agent-reports';
import { downlinkOfTxpk, rxpkOfUplink, statOfStats } from './mqtt-frames';
import { KeyedRateLimiter } from './rate-limit';

/** What an agent publishes that the server reads. */
const AGENT_INBOUND = new Set(['report', 'response', 'shell-out']);

/** Publishes on the broker the server uses (embedded or external); QoS 1. */
export type Publish = (topic: string, payload: string) => void;

/** What the link hands on from a gateway's agent besides reports (gateways/agent/channel.ts reads it). */
export type AgentListener = (gwId: string, name: 'response' | 'shell-out', payload: Buffer) => void;

/**
 * The MQTT gateway link (docs/protocols/gateway-mqtt.md), beside the Semtech UDP bridge: uplinks
 * join the same de-duplication, stats and online state the same registry, downlinks leave as
 * `command/down` and their `event/ack` settles the record like a TX_ACK. Agent reports are stored
 * (docs/protocols/gateway-agent.md). The broker's ACL has already checked who published what.
 */
export class MqttGatewayLink {
  private publish: Publish | undefined;
  /** Gateways heard over MQTT here, with the topic prefix they use. */
  private readonly prefixes = new Map<string, string>();
  private readonly rate: KeyedRateLimiter;
  private agentListener: AgentListener | undefined;

  constructor(
    private readonly dp: Stage,
    private readonly dedup: Pick<Deduplicator, 'add'>,
    maxUplinksPerS: number,
  ) {
    this.rate = new KeyedRateLimiter(maxUplinksPerS);
  }

  /** The broker is up: downlinks and settings can be published. */
  attach(publish: Publish): void {
    this.publish = publish;
  }

  /**
   * The prefix to reach a gateway with, when it uses MQTT: the one it used here last, or (heard by
   * another instance) its region, the ChirpStack default.
   */
  prefixOf(gwId: string): string | undefined {
    if (!this.publish) return undefined;
    const known = this.prefixes.get(gwId);
    if (known) return known;
    const gw = this.dp.gateways.cached(gwId);
    return gw?.mqtt && gw.online ? gw.region : undefined;
  }

  /** Agent answers and web shell output go to `listener`. */
  onAgent(listener: AgentListener): void {
    this.agentListener = listener;
  }

  /** Publishes an agent message (request, shell input); false when the gateway is not on MQTT here. */
  sendAgent(gwId: string, name: 'request' | 'shell-in', message: object): boolean {
    const prefix = this.prefixOf(gwId);
    if (!prefix || !this.publish) return false;
    this.publish(gatewayTopic(prefix, gwId, 'agent', name), JSON.stringify(message));
    return true;
  }

  /** Sends a downlink as `command/down`; false when the gateway is not on MQTT. */
  send(gwId: string, downlinkId: number, txpk: Txpk): boolean {
    const prefix = this.prefixOf(gwId);
    if (!prefix || !this.publish) return false;
    this.publish(gatewayTopic(prefix, gwId, 'command', 'down'), JSON.stringify(downlinkOfTxpk(gwId, downlinkId, txpk)));
    return true;
  }

  /** Tells a connected gateway its settings (stat interval, keep-alive, bridge log). */
  async pushConfig(gwId: string): Promise<void> {
    const prefix = this.prefixOf(gwId);
    // Read afresh: this follows a change in the console.
    const gw = prefix && (await gatewayByGwId(this.dp.db, gwId));
    if (!prefix || !gw || !this.publish) return;
    // The platform's NTP host stands in for an empty ntpServer; neither set, the field is left out.
    const ntpServer = await ntpServerOf(this.dp.db, gw.ntpServer);
    this.publish(
      gatewayTopic(prefix, gwId, 'agent', 'config'),
      JSON.stringify({
        v: 1,
        mqttKeepAlive: gw.mqttKeepAlive,
        statInterval: gw.statInterval,
        enableBridgeLogToFile: gw.enableBridgeLog,
        ...(ntpServer && { ntpServer }),
      }),
    );
    this.publish(
      gatewayTopic(prefix, gwId, 'command', 'config'),
      JSON.stringify({ gatewayId: gwId, version: String(gw.updatedAt), statsInterval: `${gw.statInterval}s` }),
    );
  }

  /** One message of a gateway topic (from the broker's internal subscription). */
  receive(topic: string, payload: Buffer): void {
    const at = performance.now();
    void this.handle(topic, payload, at).catch((err) => this.dp.log.warn({ err, topic }, 'MQTT gateway message'));
  }

  private async handle(topic: string, payload: Buffer, at: number): Promise<void> {
    const t = parseGatewayTopic(topic);
    if (!t || t.kind === 'command' || (t.kind === 'agent' && !AGENT_INBOUND.has(t.name))) return;
    const label = `${t.kind}/${t.name}`;
    const count = (outcome: string) => this.dp.metrics.mqttGateway.inc({ topic: label, outcome });
    const gw = await this.dp.gateways.get(t.gwID);
    if (!gw) return count('unknown_gateway');
    const json = <S extends z.ZodType>(schema: S): z.output<S> | undefined => {
      try {
        const r = schema.safeParse(JSON.parse(payload.toString('utf8')));
        return r.success ? r.data : undefined;
      } catch {
        return undefined;
      }
    };
    this.prefixes.set(t.gwID, t.prefix);
    const gwId = t.gwID;
    switch (label) {
      case 'event/up': {
        const up = json(uplinkFrame);
        const rxpk = up && rxpkOfUplink(up);
        if (!rxpk) return count('malformed');
        if (!this.rate.take(gwId, 1)) return void this.dp.metrics.rxpkDropped.inc({ reason: 'rate' });
        this.dedup.add({ gwId, rxpk, at });
        break;
      }
      case 'event/stats': {
        const s = json(gatewayStats);
        if (!s) return count('malformed');
        this.dp.gateways.stat(gwId, { ...statOfStats(s) });
        break;
      }
      case 'event/ack': {
        const ack = json(downlinkTxAck);
        if (!ack) return count('malformed');
        const status = ack.items[0]?.status ?? 'IGNORED';
        const error = status === 'OK' ? 'NONE' : status;
        this.dp.metrics.txAck.inc({ error });
        await handleTxAck(this.dp, gwId, ack.downlinkId, error);
        break;
      }
      case 'state/conn': {
        const c = json(connState);
        if (!c) return count('malformed');
        if (c.state === 'OFFLINE') {
          this.prefixes.delete(gwId);
          await this.dp.gateways.offline(gwId);
          return count('ok');
        }
        await this.dp.gateways.heard(gwId, true);
        await this.pushConfig(gwId);
        return count('ok');
      }
      case 'agent/report': {
        const r = json(agentReport);
        if (!r) return count('malformed');
        await storeAgentReport(this.dp, gwId, r);
        break;
      }
      case 'agent/response':
      case 'agent/shell-out':
        this.agentListener?.(gwId, t.name as 'response' | 'shell-out', payload);
        break;
    }
    count('ok');
    await this.dp.gateways.heard(gwId, true);
  }
}
