import { onEntityDeleted } from '../auth/revocation';
import type { Services } from '../context';
import { PushAddressPolicy } from './http/address-policy';
import { PushClient } from './http/post';
import { installHttpPush } from './http/push';
import { HttpPusher } from './http/pusher';
import { IntegrationLookup } from './lookup';
import { integrationMetrics } from './metrics';
import { MqttAcl } from './mqtt/acl';
import { type EmbeddedBroker, startEmbeddedBroker } from './mqtt/embedded';
import { startExternalMqtt } from './mqtt/external';

export interface Integrations {
  pusher: HttpPusher;
  /** The embedded broker once started (null with MQTT_URL or when the default port was taken). */
  broker: EmbeddedBroker | null;
  /** The MQTT starter (also in services.starters). */
  startMqtt(): Promise<void>;
}

const installed = new WeakMap<Services, Integrations>();

/** The integrations of an app (tests tune push options and read the broker's port). */
export function integrationsOf(services: Services): Integrations {
  const i = installed.get(services);
  if (!i) throw new Error('integrations are not installed');
  return i;
}

/**
 * HTTP push starts at once; MQTT (embedded broker on MQTT_PORT, or a client of MQTT_URL) starts
 * with the other listeners after HTTP is up.
 */
export function installIntegrations(services: Services): Integrations {
  const metrics = integrationMetrics(services.metrics);
  const lookup = new IntegrationLookup(services.db);
  services.onClose(onEntityDeleted(services, (e) => e && lookup.forget(e)));
  const pusher = new HttpPusher(services.log, metrics, new PushClient(PushAddressPolicy.of(services.config)));
  installHttpPush(services, pusher, lookup);
  const integrations: Integrations = { pusher, broker: null, startMqtt };
  installed.set(services, integrations);
  services.starters.push(startMqtt);
  return integrations;

  async function startMqtt() {
    const url = services.config.MQTT_URL;
    if (url) {
      const ext = await startExternalMqtt(services, lookup, metrics, url);
      services.onClose(() => ext.close());
      return;
    }
    const broker = await startEmbeddedBroker(services, new MqttAcl(services.db), lookup, metrics);
    if (!broker) return;
    integrations.broker = broker;
    services.onClose(() => broker.close());
  }
}
