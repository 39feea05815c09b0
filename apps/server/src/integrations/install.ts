import { onEntityDeleted } from '../auth/revocation';
import { localTopics } from '../bus/bus';
import type { Services } from '../context';
import { DecoderCache } from './decoders/decoders';
import { PushAddressPolicy } from './http/address-policy';
import { PushClient } from './http/post';
import { installHttpPush } from './http/push';
import { IntegrationLookup } from './lookup';
import { integrationMetrics } from './metrics';
import { MqttAcl } from './mqtt/acl';
import { type EmbeddedBroker, startEmbeddedBroker } from './mqtt/embedded';
import { appMessageDeliveries } from './outbox/deliveries';
import { OutboxSender } from './outbox/sender';

export interface Integrations {
  /** Durable deliveries of HTTP push and MQTT events. */
  outbox: OutboxSender;
  /** The embedded broker once started (null with MQTT_URL or when the default port was taken). */
  broker: EmbeddedBroker | null;
  /** The MQTT starter (also in services.starters). */
  startMqtt(): Promise<void>;
}

/**
 * The outbox sender starts at once (resuming what an earlier run left pending); MQTT (embedded
 * broker on MQTT_PORT, or a client of MQTT_URL) starts with the other listeners after HTTP is up.
 */
export function installIntegrations(services: Services): Integrations {
  const metrics = integrationMetrics(services.metrics);
  const lookup = new IntegrationLookup(services.db);
  services.onClose(onEntityDeleted(services, (e) => e && lookup.forget(e)));
  // Its own decoder cache (on the shared pool): used only for uplinks whose live decode died with its process.
  const decoders = new DecoderCache(services.db, services.decoders);
  const push = new PushClient(PushAddressPolicy.of(services.config));
  const outbox = new OutboxSender(services.db, services.log, metrics, decoders, push, {
    maxAttempts: services.config.OUTBOX_MAX_ATTEMPTS,
    maxAgeMs: services.config.OUTBOX_MAX_AGE_HOURS * 3600_000,
  });
  installHttpPush(services, outbox, lookup);
  const integrations: Integrations = { outbox, broker: null, startMqtt };
  // The data plane writes its rows itself (`durable`) and only wakes the sender; an event
  // published by anything else is queued here.
  const offMessages = services.local.subscribe(localTopics.appMessage, (e) => {
    const { message, application, durable } = e;
    if (durable) {
      if (application?.pushUrls?.length || application?.enableMQTT) outbox.wake();
    } else if (application)
      outbox.enqueue(appMessageDeliveries(message, application)).catch((err) => {
        services.log.warn({ err }, 'integration message not queued');
      });
  });
  outbox.start();
  services.onClose(async () => {
    offMessages();
    await outbox.close();
    push.close();
    decoders.close();
  });
  services.starters.push(startMqtt);
  return integrations;

  async function startMqtt() {
    const url = services.config.MQTT_URL;
    if (url) {
      // The mqtt client library (~17 MB, ~0.5 s to load) only with MQTT_URL.
      const { startExternalMqtt } = await import('./mqtt/external');
      const ext = await startExternalMqtt(services, lookup, metrics, outbox, url);
      services.onClose(() => ext.close());
      return;
    }
    const broker = await startEmbeddedBroker(services, new MqttAcl(services.db), lookup, metrics, outbox);
    if (!broker) {
      outbox.mqtt = null;
      services.mqtt = { available: false, reason: 'portInUse', port: services.config.MQTT_PORT };
      return;
    }
    integrations.broker = broker;
    services.onClose(() => broker.close());
  }
}
