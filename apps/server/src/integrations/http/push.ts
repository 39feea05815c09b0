import { localTopics, type MulticastEvent } from '../../bus/bus';
import type { Services } from '../../context';
import { newMsgId } from '../../ns/ids';
import type { IntegrationLookup } from '../lookup';
import { gatewayPushDeliveries, multicastPushDeliveries } from '../outbox/deliveries';
import type { OutboxSender } from '../outbox/sender';
import { gatewayConnectionPayload, gatewayStatPayload } from '../payloads';

/**
 * Gateway push URLs get URL + /gwstat and URL + /gwconnection, multicast groups' URL + /multicast
 * (downlink status, members' setup state), through the outbox (uplinks and
 * joins enter the outbox with their acceptance: ns/uplink.ts, ns/join.ts). Events come from
 * `services.local`, so each is pushed once per cluster.
 */
export function installHttpPush(services: Services, outbox: OutboxSender, lookup: IntegrationLookup): void {
  const unsubscribe = [
    services.local.subscribe(localTopics.gatewayStat, (ev) => {
      void pushGateway(ev.gwID, 'stats', (name) => gatewayStatPayload(ev, name));
    }),
    services.local.subscribe(localTopics.gatewayConnection, (ev) => {
      void pushGateway(ev.gwID, 'connection', (name) => gatewayConnectionPayload(ev, name));
    }),
    services.local.subscribe(localTopics.multicastEvent, (ev) => void pushMulticast(ev)),
  ];

  async function pushMulticast(ev: MulticastEvent) {
    try {
      const g = await lookup.multicastGroup(ev.mcEUI);
      if (!g?.pushUrls.length) return;
      await outbox.enqueue(multicastPushDeliveries(ev, g.pushUrls, g.headers, newMsgId()));
    } catch (err) {
      services.log.warn({ err, mcEUI: ev.mcEUI }, 'multicast push not queued');
    }
  }

  async function pushGateway(
    gwID: string,
    event: 'stats' | 'connection',
    body: (gwName: string) => Record<string, unknown>,
  ) {
    try {
      const gw = await lookup.gateway(gwID);
      if (!gw?.pushUrls.length) return;
      await outbox.enqueue(gatewayPushDeliveries(event, gw.pushUrls, gw.headers, newMsgId(), body(gw.gwName)));
    } catch (err) {
      services.log.warn({ err, gwID }, 'gateway push not queued');
    }
  }

  services.onClose(() => {
    for (const u of unsubscribe) u();
  });
}
