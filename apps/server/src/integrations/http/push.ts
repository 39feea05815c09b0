import { localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import type { IntegrationLookup } from '../lookup';
import {
  type AppMessageEvent,
  type GatewayConnectionEvent,
  type GatewayStatEvent,
  gatewayConnectionPayload,
  gatewayStatPayload,
  joinPayload,
  uplinkPayload,
  withSuffix,
} from '../payloads';
import type { HttpPusher } from './pusher';

/**
 * Application push URLs get URL + /uplink and URL + /join; gateway push URLs get URL + /gwstat
 * and URL + /gwconnection. Events come from `services.local`, so each is pushed once per cluster.
 */
export function installHttpPush(services: Services, pusher: HttpPusher, lookup: IntegrationLookup): void {
  const unsubscribe = [
    services.local.subscribe(localTopics.appMessage, (e) => {
      const { message, application: app } = e as AppMessageEvent;
      if (!app?.pushUrls?.length) return;
      const isJoin = message.type === 'join';
      if (!isJoin && message.type !== 'uplink') return;
      const body = isJoin ? joinPayload(message, app) : uplinkPayload(message, app);
      for (const url of app.pushUrls)
        pusher.push('application', withSuffix(url, isJoin ? '/join' : '/uplink'), app.headers ?? {}, body);
    }),
    services.local.subscribe(localTopics.gatewayStat, (e) => {
      const ev = e as GatewayStatEvent;
      void pushGateway(ev.gwID, '/gwstat', (name) => gatewayStatPayload(ev, name));
    }),
    services.local.subscribe(localTopics.gatewayConnection, (e) => {
      const ev = e as GatewayConnectionEvent;
      void pushGateway(ev.gwID, '/gwconnection', (name) => gatewayConnectionPayload(ev, name));
    }),
  ];

  async function pushGateway(gwID: string, suffix: string, body: (gwName: string) => unknown) {
    try {
      const gw = await lookup.gateway(gwID);
      if (!gw?.pushUrls.length) return;
      const payload = body(gw.gwName);
      for (const url of gw.pushUrls) pusher.push('gateway', withSuffix(url, suffix), gw.headers, payload);
    } catch (err) {
      services.log.warn({ err, gwID }, 'gateway push lookup failed');
    }
  }

  services.onClose(() => {
    for (const u of unsubscribe) u();
    pusher.close();
  });
}
