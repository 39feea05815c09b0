import { randomBytes } from 'node:crypto';
import { GATEWAY_EVENT_FILTERS, parseGatewayTopic } from '@lns/contract/gateway-mqtt';
import mqtt from 'mqtt';
import type { Services } from '../../context';
import type { IntegrationLookup } from '../lookup';
import type { IntegrationMetrics } from '../metrics';
import type { OutboxSender } from '../outbox/sender';
import { handleDownlinkCommand } from './commands';
import { type MqttSink, publishCommandError, publishEvents } from './events';
import { DOWNLINK_COMMAND_FILTER, parseCommandTopic } from './topics';

/** A shared subscription: with several server instances each command is handled once. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The URL without its password, for messages. */
export const redactUrl = (u: string) => {
  const url = new URL(u);
  if (url.password) url.password = '***';
  return url.toString();
};

/**
 * MQTT_URL: publish events to an external broker (Mosquitto, EMQX) and take downlink commands
 * from it. The broker's own ACL decides who may read and write which topics (docs/integrations.md);
 * the server still checks that the device belongs to the application named in the topic.
 */
export async function startExternalMqtt(
  services: Services,
  lookup: IntegrationLookup,
  metrics: IntegrationMetrics,
  outbox: OutboxSender,
  url: string,
): Promise<{ close(): Promise<void> }> {
  const { log } = services;
  const client = mqtt.connect(url, {
    clientId: `lns-server-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 2000,
    connectTimeout: CONNECT_TIMEOUT_MS,
    queueQoSZero: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
        CONNECT_TIMEOUT_MS,
      );
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  } catch (err) {
    client.end(true);
    const e = err as NodeJS.ErrnoException & { errors?: Error[] };
    const reason = e.code ?? e.errors?.[0]?.message ?? e.message;
    throw new Error(
      `cannot connect to MQTT_URL ${redactUrl(url)}: ${reason}; check MQTT_URL or unset it to use the embedded broker`,
    );
  }

  let lastWarn = 0;
  client.on('error', (err) => {
    if (Date.now() - lastWarn < 30_000) return;
    lastWarn = Date.now();
    log.warn({ err }, `MQTT broker ${redactUrl(url)}: ${err.message}`);
  });
  client.on('offline', () => log.warn(`MQTT broker ${redactUrl(url)} is unreachable; reconnecting`));
  client.on('connect', () => {
    // No Nagle: small QoS 1 messages would each wait for a delayed ACK (~40 ms).
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    log.info(`connected to MQTT broker ${redactUrl(url)}`);
  });

  // Commands and gateway messages go to one instance of a cluster (a shared subscription).
  const subscribeShared = async (filter: string) => {
    try {
      const granted = await client.subscribeAsync(`$share/${services.config.MQTT_SHARED_GROUP}/${filter}`, { qos: 1 });
      if (granted.some((g) => g.qos === 128)) await client.subscribeAsync(filter, { qos: 1 });
    } catch {
      // A broker without shared subscriptions: a plain one (one instance handles them).
      await client.subscribeAsync(filter, { qos: 1 });
    }
  };
  const subscribe = async () => {
    for (const filter of [DOWNLINK_COMMAND_FILTER, ...GATEWAY_EVENT_FILTERS]) await subscribeShared(filter);
  };
  await subscribe();

  const v5 = client.options.protocolVersion === 5;
  const sink: MqttSink = {
    publish: (topic, payload) => {
      if (client.connected) client.publish(topic, payload, { qos: 1 });
    },
    // Done on the broker's PUBACK; while disconnected it fails and the outbox tries again later.
    deliver: async (topic, payload, messageId) => {
      if (!client.connected) throw new Error('MQTT broker not connected');
      await client.publishAsync(topic, payload, {
        qos: 1,
        ...(v5 ? { properties: { userProperties: { 'message-id': messageId } } } : {}),
      });
    },
  };
  const link = services.dataPlane.mqttLink;
  link.attach(sink.publish);
  client.on('message', (topic, payload) => {
    if (parseGatewayTopic(topic)) return link.receive(topic, payload);
    const cmd = parseCommandTopic(topic);
    if (!cmd) return;
    void handleDownlinkCommand(services.dataPlane, lookup, cmd.appID, cmd.devEUI, payload).then((r) => {
      metrics.mqttDownlinks.inc({ result: r.ok ? 'enqueued' : 'rejected' });
      if (!r.ok) publishCommandError(sink, metrics, cmd.appID, cmd.devEUI, r);
    });
  });
  const stopEvents = publishEvents(services, outbox, lookup);
  outbox.mqtt = sink;
  log.info(`MQTT events go to ${redactUrl(url)}`);
  return {
    close: async () => {
      stopEvents();
      outbox.mqtt = undefined;
      await client.endAsync();
    },
  };
}
