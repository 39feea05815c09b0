import type { AppMessage } from '@lns/contract/frames';
import type { MulticastEvent } from '../../bus/bus';
import type { AppRef } from '../../bus/events';
import type { OutboxEvent, OutboxInsert } from '../../db/schema/outbox';
import { deviceEventTopic } from '../mqtt/topics';
import { joinPayload, uplinkPayload, withSuffix } from '../payloads';

/**
 * How long rows waiting for their decoder stay held: the live path releases them as soon as the
 * decoder answers; past this the sender assumes that path died with its process and decodes itself.
 */
export const DECODE_HOLD_MS = 60_000;

/** One outbox row with every column set (rows inserted together must share their shape). */
function row(
  p: Pick<OutboxInsert, 'messageId' | 'kind' | 'event' | 'target' | 'body'> &
    Partial<Pick<OutboxInsert, 'headers' | 'devEui' | 'decode'>>,
): OutboxInsert {
  // Ages count from when the row is written (an event's own time may come from elsewhere).
  const now = Date.now();
  return {
    messageId: p.messageId,
    createdAt: now,
    kind: p.kind,
    event: p.event,
    target: p.target,
    headers: p.headers ?? {},
    body: p.body,
    devEui: p.devEui ?? null,
    decode: p.decode ?? false,
    attempts: 0,
    nextAt: p.decode ? now + DECODE_HOLD_MS : now,
    lastError: null,
  };
}

/**
 * The deliveries of an uplink or a join: one row per push URL of its application and one for
 * MQTT. `held`: the decoder has not answered yet, so the rows wait for the decoded object (and
 * when nothing is to be delivered, one 'decode' row still waits so the history row gets it).
 * Every body carries `messageId` (the msgID) for receivers to de-duplicate on.
 */
export function appMessageDeliveries(
  m: AppMessage,
  app: AppRef,
  opts: { held?: boolean; historyStored?: boolean } = {},
): OutboxInsert[] {
  const isJoin = m.type === 'join';
  if (!isJoin && m.type !== 'uplink') return [];
  const event: OutboxEvent = isJoin ? 'join' : 'up';
  const body = {
    messageId: m.msgID,
    ...(isJoin ? joinPayload(m, app) : uplinkPayload(m, app)),
  } as Record<string, unknown>;
  const common = { messageId: m.msgID, event, body, devEui: m.devEUI, decode: !!opts.held };
  const rows = (app.pushUrls ?? []).map((url) =>
    row({ ...common, kind: 'http', target: withSuffix(url, isJoin ? '/join' : '/uplink'), headers: app.headers }),
  );
  if (app.enableMQTT) rows.push(row({ ...common, kind: 'mqtt', target: deviceEventTopic(app.appID, m.devEUI, event) }));
  if (rows.length === 0 && opts.held && opts.historyStored) rows.push(row({ ...common, kind: 'decode', target: '' }));
  return rows;
}

/** A gateway event for each of the gateway's push URLs (suffix /gwstat or /gwconnection). */
export function gatewayPushDeliveries(
  event: 'stats' | 'connection',
  urls: string[],
  headers: Record<string, string>,
  messageId: string,
  body: Record<string, unknown>,
): OutboxInsert[] {
  const suffix = event === 'stats' ? '/gwstat' : '/gwconnection';
  return urls.map((url) =>
    row({
      messageId,
      kind: 'http',
      event,
      target: withSuffix(url, suffix),
      headers,
      body: { messageId, ...body },
    }),
  );
}

/** A multicast group's event for each of its push URLs (URL + /multicast); `type` says which. */
export function multicastPushDeliveries(
  e: MulticastEvent,
  urls: string[],
  headers: Record<string, string>,
  messageId: string,
): OutboxInsert[] {
  const body = { messageId, type: e.kind, mcEUI: e.mcEUI, ...e.data };
  return urls.map((url) =>
    row({
      messageId,
      kind: 'http',
      event: e.kind === 'downlink' ? 'mcdownlink' : 'mcsync',
      target: withSuffix(url, '/multicast'),
      headers,
      body,
    }),
  );
}

/** An MQTT event: a gateway's stats or connection, a downlink's status, or a multicast group's event. */
export function mqttDelivery(
  event: 'stats' | 'connection' | 'status' | 'mcdownlink' | 'mcsync',
  topic: string,
  messageId: string,
  body: Record<string, unknown>,
): OutboxInsert {
  return row({ messageId, kind: 'mqtt', event, target: topic, body: { messageId, ...body } });
}
