import type { DownlinkRecord } from '@lns/contract/frames';
import { localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import type { IntegrationLookup } from '../lookup';
import type { IntegrationMetrics } from '../metrics';
import {
  type AppMessageEvent,
  type GatewayConnectionEvent,
  type GatewayStatEvent,
  gatewayConnectionPayload,
  gatewayStatPayload,
  joinPayload,
  statusPayload,
  uplinkPayload,
} from '../payloads';
import { type DeviceEvent, deviceEventTopic, type GatewayEvent, gatewayEventTopic } from './topics';

/** Where events go: the embedded broker or the external one. */
export interface MqttSink {
  publish(topic: string, payload: string): void;
}

/**
 * Publish this instance's events (services.local): uplinks, joins and downlink status of
 * applications with MQTT enabled, and gateway stats and connection changes.
 */
export function publishEvents(
  services: Services,
  sink: MqttSink,
  lookup: IntegrationLookup,
  metrics: IntegrationMetrics,
): () => void {
  const send = (topic: string, event: DeviceEvent | GatewayEvent, payload: unknown) => {
    sink.publish(topic, JSON.stringify(payload));
    metrics.mqttPublished.inc({ event });
  };
  const failed = (err: unknown) => services.log.warn({ err }, 'MQTT event lookup failed');
  const unsubscribe = [
    services.local.subscribe(localTopics.appMessage, (e) => {
      const { message: m, application: app } = e as AppMessageEvent;
      if (!app?.enableMQTT) return;
      if (m.type === 'uplink') send(deviceEventTopic(app.appID, m.devEUI, 'up'), 'up', uplinkPayload(m, app));
      else if (m.type === 'join') send(deviceEventTopic(app.appID, m.devEUI, 'join'), 'join', joinPayload(m, app));
    }),
    services.local.subscribe(localTopics.downlinkStatus, (e) => {
      const d = e as DownlinkRecord;
      lookup
        .appOfDevice(d.devEUI)
        .then((app) => {
          if (app?.enableMQTT)
            send(deviceEventTopic(app.appID, d.devEUI, 'status'), 'status', statusPayload(d, app.appID));
        })
        .catch(failed);
    }),
    services.local.subscribe(localTopics.gatewayStat, (e) => {
      const ev = e as GatewayStatEvent;
      lookup
        .gateway(ev.gwID)
        .then((gw) => gw && send(gatewayEventTopic(ev.gwID, 'stats'), 'stats', gatewayStatPayload(ev, gw.gwName)))
        .catch(failed);
    }),
    services.local.subscribe(localTopics.gatewayConnection, (e) => {
      const ev = e as GatewayConnectionEvent;
      lookup
        .gateway(ev.gwID)
        .then(
          (gw) =>
            gw && send(gatewayEventTopic(ev.gwID, 'connection'), 'connection', gatewayConnectionPayload(ev, gw.gwName)),
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
