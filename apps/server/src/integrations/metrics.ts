import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Integration metrics on the app's /metrics registry. */
export function integrationMetrics(registry: Registry) {
  const registers = [registry];
  return {
    pushRequests: new Counter({
      name: 'lns_push_requests_total',
      help: 'HTTP push requests by target (application, gateway) and result (ok, http_error, network_error, timeout, blocked: a private address)',
      labelNames: ['target', 'result'],
      registers,
    }),
    pushDropped: new Counter({
      name: 'lns_push_dropped_total',
      help: 'HTTP push messages given up: failed (retries exhausted or refused), expired (older than the outbox keeps them), blocked (a private address)',
      labelNames: ['reason'],
      registers,
    }),
    pushDuration: new Histogram({
      name: 'lns_push_request_duration_seconds',
      help: 'HTTP push request duration',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pushQueued: new Gauge({
      name: 'lns_push_queued',
      help: 'HTTP push deliveries claimed from the outbox and waiting for their endpoint',
      registers,
    }),
    outboxAbandoned: new Counter({
      name: 'lns_outbox_abandoned_total',
      help: 'Outbox deliveries given up by kind (http, mqtt) and reason (failed, expired, no_broker)',
      labelNames: ['kind', 'reason'],
      registers,
    }),
    mqttPublished: new Counter({
      name: 'lns_mqtt_published_total',
      help: 'Events published to MQTT by event (up, join, status, stats, connection, error)',
      labelNames: ['event'],
      registers,
    }),
    mqttClients: new Gauge({ name: 'lns_mqtt_clients', help: 'Clients connected to the embedded broker', registers }),
    mqttAuthFailures: new Counter({
      name: 'lns_mqtt_auth_failures_total',
      help: 'Embedded broker connections refused for bad credentials',
      registers,
    }),
    mqttDenied: new Counter({
      name: 'lns_mqtt_denied_total',
      help: 'Embedded broker subscriptions or publishes refused by the ACL',
      labelNames: ['action'],
      registers,
    }),
    mqttDownlinks: new Counter({
      name: 'lns_mqtt_downlinks_total',
      help: 'Downlink commands received over MQTT by result (enqueued, rejected)',
      labelNames: ['result'],
      registers,
    }),
  };
}
export type IntegrationMetrics = ReturnType<typeof integrationMetrics>;
