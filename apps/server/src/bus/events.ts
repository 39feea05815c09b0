/**
 * Payloads of the bus topics (bus/bus.ts maps each topic to one of these). Kept apart from their
 * producers and consumers so both import them without importing each other.
 */
import type { AppMessage, BusEvent } from '@lns/contract/frames';
import type { AgentResponse, ShellOut } from '@lns/contract/gateway-agent';
import type { Txpk } from '@lns/semtech-udp/packets';

/** The application an uplink belongs to, as integrations need it. */
export interface AppRef {
  appID: number;
  appName: string;
  pushUrls: string[];
  headers: Record<string, string>;
  enableMQTT: boolean;
  ownerId: number;
}

/** `localTopics.appMessage`: an uplink or a join, with the application it belongs to. */
export interface AppMessageEvent {
  message: AppMessage;
  application: AppRef;
  /** Its outbox rows were written with the uplink's acceptance: integrations only wake the sender. */
  durable?: boolean;
}

/** `localTopics.gatewayStat`: a gateway's stat report. */
export interface GatewayStatEvent {
  gwID: string;
  stat: Record<string, unknown>;
  createtime: number;
}

/** `localTopics.gatewayConnection`: a gateway went online or offline. */
export interface GatewayConnectionEvent {
  gwID: string;
  online: boolean;
  createtime: number;
}

/** `topics.authRevoked`: a revocation as other instances receive it (the token only as its hash). */
export interface Revocation {
  userId: number;
  tokenHash?: string;
  reason: string;
}

/** `topics.settingsChanged`: the platform configuration was saved (receivers read it from the database). */
export interface SettingsChanged {
  at: number;
}

/** `localTopics.entityDeleted` and its cluster copy: what was deleted. */
export interface EntityDeleted {
  devices?: string[];
  gateways?: string[];
  applications?: number[];
  multicastGroups?: string[];
}

/** Live-stream events of a device's protocol topic: frames up and down, and downlink status. */
export type DeviceProtocolEvent = Extract<BusEvent, { kind: 'protocol' | 'downlink' }>;
/** Live-stream events of a device's or an application's messages. */
export type AppStreamEvent = Extract<BusEvent, { kind: 'app' }>;
/** Live-stream events of a gateway. */
export type GatewayStreamEvent = Extract<BusEvent, { kind: 'gateway' }>;

/** `topics.relayAnnounce`: the gateways pulling from one instance, with their protocol version. */
export interface RelayAnnounce {
  instance: string;
  gateways: [gwId: string, version: number][];
}

/** `topics.relayTx(instance)`: a PULL_RESP another instance sends for us, and what it carries. */
export interface RelayedTx {
  gwId: string;
  txpk: Txpk;
  meta: RelayedTxMeta;
}

/** What a PULL_RESP carried, so its TX_ACK can be matched to the downlink record. */
export interface RelayedTxMeta {
  devEUI: string;
  /** Downlink record, when the frame carried a queued downlink (not a bare ACK / MAC answer / join-accept). */
  msgID?: string;
  classC?: boolean;
  /** A class B downlink: the device's next queued one is scheduled after its TX_ACK. */
  classB?: boolean;
  /** Set for a multicast downlink (msgID is then the multicast record). */
  mcEUI?: string;
}

/** `topics.agentResponse(cToken)`: a gateway agent's answer, for the instance waiting on it. */
export interface AgentAnswer {
  gwId: string;
  response: AgentResponse;
}

/** `topics.shellOut(session)`: web shell output, for the instance holding the browser's socket. */
export interface ShellOutput {
  gwId: string;
  message: ShellOut;
}
