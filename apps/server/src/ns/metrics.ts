import { Counter, Histogram, type Registry } from 'prom-client';

/** Data plane counters on the app's /metrics registry. */
export function dataPlaneMetrics(registry: Registry) {
  return {
    datagrams: new Counter({
      name: 'lns_udp_datagrams_total',
      help: 'Semtech UDP datagrams received, by type',
      labelNames: ['type'],
      registers: [registry],
    }),
    malformed: new Counter({
      name: 'lns_udp_malformed_total',
      help: 'Datagrams dropped because they could not be parsed',
      registers: [registry],
    }),
    unknownGateway: new Counter({
      name: 'lns_udp_unknown_gateway_total',
      help: 'Datagrams from gateways that are not registered (ignored)',
      registers: [registry],
    }),
    rxpkDropped: new Counter({
      name: 'lns_udp_rxpk_dropped_total',
      help: 'rxpk dropped: over the per-datagram cap or the per-gateway rate (GATEWAY_MAX_UPLINKS_PER_S)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    uplinks: new Counter({
      name: 'lns_uplinks_total',
      help: 'De-duplicated uplinks by outcome (ok, replay, bad_mic, unknown_device, malformed, ...)',
      labelNames: ['result'],
      registers: [registry],
    }),
    lateCopies: new Counter({
      name: 'lns_dedup_late_copies_total',
      help: 'Gateway copies that came after their uplink was handed over by an early de-dup close (DEDUP_EARLY_CLOSE)',
      registers: [registry],
    }),
    decodeErrors: new Counter({
      name: 'lns_decoder_errors_total',
      help: 'Uplinks whose application decoder failed (script error, timeout, malformed payload)',
      registers: [registry],
    }),
    joins: new Counter({
      name: 'lns_joins_total',
      help: 'Join-requests by outcome',
      labelNames: ['result'],
      registers: [registry],
    }),
    downlinks: new Counter({
      name: 'lns_downlinks_total',
      help: 'PULL_RESP sent, by receive window (rx1, rx2, imme)',
      labelNames: ['window'],
      registers: [registry],
    }),
    txAck: new Counter({
      name: 'lns_tx_ack_total',
      help: 'TX_ACK received, by error value',
      labelNames: ['error'],
      registers: [registry],
    }),
    pullRespLatency: new Histogram({
      name: 'lns_pull_resp_latency_seconds',
      help: 'First PUSH_DATA of an uplink to its PULL_RESP (de-dup window included)',
      buckets: [0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2],
      registers: [registry],
    }),
    mqttGateway: new Counter({
      name: 'lns_mqtt_gateway_messages_total',
      help: 'Messages of gateways over MQTT, by topic (event/up, state/conn, agent/report, ...) and outcome (ok, malformed, unknown_gateway, version)',
      labelNames: ['topic', 'outcome'],
      registers: [registry],
    }),
    writeErrors: new Counter({
      name: 'lns_history_write_errors_total',
      help: 'History rows that could not be written',
      registers: [registry],
    }),
  };
}

export type DataPlaneMetrics = ReturnType<typeof dataPlaneMetrics>;
