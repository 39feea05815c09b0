import {
  applicationStreamQuery,
  deviceStreamQuery,
  gatewayStreamQuery,
  STREAMS,
  type StreamName,
} from '@lns/contract/streams';
import type { z } from 'zod';
import { topics } from '../../bus/bus';
import type { Services } from '../../context';
import type { App, RouteModule } from '../types';
import { checkStreamAccess, type StreamTarget } from './access';
import { StreamClient } from './client';

type Spec<Q extends z.ZodType> = {
  query: Q;
  summary: string;
  target: (q: z.infer<Q>) => StreamTarget;
  topic: (q: z.infer<Q>) => string;
};

// Each stream typed by its own query, stored loosely.
const spec = <Q extends z.ZodType>(x: Spec<Q>) => x as unknown as Spec<z.ZodType<any>>;

const specs: { [K in StreamName]: Spec<z.ZodType<any>> } = {
  deviceProtocol: spec({
    query: deviceStreamQuery,
    summary: "A device's protocol-layer frames, up and down",
    target: (q) => ({ devEUI: q.devEUI }),
    topic: (q) => topics.deviceProtocol(q.devEUI),
  }),
  deviceApp: spec({
    query: deviceStreamQuery,
    summary: "A device's application-layer messages",
    target: (q) => ({ devEUI: q.devEUI }),
    topic: (q) => topics.deviceApp(q.devEUI),
  }),
  application: spec({
    query: applicationStreamQuery,
    summary: 'Application-layer messages of every device of an application',
    target: (q) => ({ appID: q.appID }),
    topic: (q) => topics.application(q.appID),
  }),
  gateway: spec({
    query: gatewayStreamQuery,
    summary: 'Frames a gateway heard or sent',
    target: (q) => ({ gwID: q.gwID }),
    topic: (q) => topics.gateway(q.gwID),
  }),
};

/** Subscribe once the socket is open; `ready` tells the client the subscription is live cluster-wide. */
async function subscribe(s: Services, socket: import('ws').WebSocket, topic: string): Promise<void> {
  let off: (() => void) | undefined;
  const client = new StreamClient(socket, () => off?.());
  off = s.bus.subscribe(topic, (event) => client.push(event));
  const ready = (s.bus as { ready?: (t: string) => Promise<void> }).ready;
  if (ready) await ready.call(s.bus, topic).catch(() => {});
  client.send({ kind: 'ready' });
}

function register(app: App, s: Services, name: StreamName): void {
  const spec = specs[name];
  app.get(
    STREAMS[name],
    {
      websocket: true,
      schema: { tags: ['streams'], summary: spec.summary, querystring: spec.query },
      // Refuse before the upgrade so the handshake fails with the envelope's HTTP status.
      preHandler: async (req) => {
        req.user = await checkStreamAccess(s, req, spec.target(req.query));
      },
    },
    (socket, req) => {
      void subscribe(s, socket, spec.topic(req.query));
    },
  );
}

export const streamRoutes: RouteModule = (app, s) => {
  for (const name of Object.keys(specs) as StreamName[]) register(app, s, name);
};
