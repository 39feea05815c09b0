import { localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import { newMsgId } from '../../ns/ids';
import type { IntegrationLookup } from '../lookup';
import type { IntegrationMetrics } from '../metrics';
import { mqttDelivery } from '../outbox/deliveries';
import type { MqttDelivery, OutboxSender } from '../outbox/sender';
import { gatewayConnectionPayload, gatewayStatPayload, statusPayload } from '../payloads';
import { deviceEventTopic, gatewayEventTopic, multicastEventTopic } from './topics';

/** Where events go: the embedded broker or the external one. */
export interface MqttSink extends MqttDelivery {
  /** Fire and forget (answers to a client's own command). */
  publish(topic: string, payload: string): void;
}

/**
 * Puts this instance's events (services.local) into the outbox for MQTT: downlink status of
 * applications with MQTT enabled, gateway stats and connection changes, and the events of multicast
 * groups with MQTT enabled (the same body as their push URL's /multicast). Uplinks and joins
 * enter the outbox with their acceptance (ns/uplink.ts, ns/join.ts).
 */
export function publishEvents(services: Services, outbox: OutboxSender, lookup: IntegrationLookup): () => void {
  const failed = (err: unknown) => services.log.warn({ err }, 'MQTT event not queued');
  const queue = (event: Parameters<typeof mqttDelivery>[0], topic: string, body: Record<string, unknown>) =>
    outbox.enqueue([mqttDelivery(event, topic, newMsgId(), body)]);
  const unsubscribe = [
    services.local.subscribe(localTopics.downlinkStatus, (d) => {
      lookup
        .appOfDevice(d.devEUI)
        .then((app) =>
          app?.enableMQTT
            ? queue('status', deviceEventTopic(app.appID, d.devEUI, 'status'), statusPayload(d, app.appID))
            : undefined,
        )
        .catch(failed);
    }),
    services.local.subscribe(localTopics.gatewayStat, (ev) => {
      lookup
        .gateway(ev.gwID)
        .then((gw) =>
          gw ? queue('stats', gatewayEventTopic(ev.gwID, 'stats'), gatewayStatPayload(ev, gw.gwName)) : undefined,
        )
        .catch(failed);
    }),
    services.local.subscribe(localTopics.gatewayConnection, (ev) => {
      lookup
        .gateway(ev.gwID)
        .then((gw) =>
          gw
            ? queue('connection', gatewayEventTopic(ev.gwID, 'connection'), gatewayConnectionPayload(ev, gw.gwName))
            : undefined,
        )
        .catch(failed);
    }),
    services.local.subscribe(localTopics.multicastEvent, (ev) => {
      lookup
        .multicastGroup(ev.mcEUI)
        .then((g) =>
          g?.enableMqtt
            ? queue(ev.kind === 'downlink' ? 'mcdownlink' : 'mcsync', multicastEventTopic(ev.mcEUI, ev.kind), {
                type: ev.kind,
                mcEUI: ev.mcEUI,
                ...ev.data,
              })
            : undefined,
        )
        .catch(failed);
    }),
  ];
  return () => {
    for (const u of unsubscribe) u();
  };
}

/** A refused downlink command is answered on the device's event/error topic. */
export function publishCommandError(
  sink: MqttSink,
  metrics: IntegrationMetrics,
  appID: number,
  devEUI: string,
  error: { code: number; msg: string },
) {
  sink.publish(
    deviceEventTopic(appID, devEUI, 'error'),
    JSON.stringify({ type: 'error', appID, devEUI, createtime: Date.now(), ...error }),
  );
  metrics.mqttPublished.inc({ event: 'error' });
}
