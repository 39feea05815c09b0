import {
  applicationStreamQuery,
  deviceStreamQuery,
  gatewayStreamQuery,
  STREAM_CLOSE,
  STREAMS,
  type StreamName,
} from '@lns/contract/streams';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { hashToken } from '../../auth/tokens';
import { type BusTopics, type TopicOf, topics } from '../../bus/bus';
import type { Services } from '../../context';
import type { App, RouteModule } from '../types';
import { checkStreamAccess, type StreamBinding, type StreamTarget } from './access';
import { StreamClient } from './client';
import { STREAMS_OFF_REASON } from './registry';

type Spec<Q extends z.ZodType> = {
  query: Q;
  summary: string;
  target: (q: z.infer<Q>) => StreamTarget;
  topic: (q: z.infer<Q>) => TopicOf<BusTopics>;
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

/** What the check before the upgrade found, for the socket handler. */
const accepted = new WeakMap<FastifyRequest, { token: string; binding: StreamBinding }>();

/**
 * Subscribe once the socket is open, tied to the token and row checked before the upgrade;
 * `ready` tells the client the subscription is live cluster-wide.
 */
async function subscribe(
  s: Services,
  socket: WebSocket,
  req: FastifyRequest,
  topic: TopicOf<BusTopics>,
): Promise<void> {
  const { token, binding } = accepted.get(req)!;
  // Switched off by an admin (platform config): accepted, then closed with a code the page can show
  // (a refused handshake tells a browser nothing). Checked again after the wait, with no await
  // before the stream is tracked, so a switch-off meanwhile cannot miss it.
  const live = s.dataPlane.settings;
  await live.current();
  if (socket.readyState !== socket.OPEN) return;
  if (!live.get().enableWebsocket) {
    socket.close(STREAM_CLOSE.DISABLED, STREAMS_OFF_REASON);
    return;
  }
  let off: (() => void) | undefined;
  let untrack: (() => void) | undefined;
  const client = new StreamClient(socket, () => {
    off?.();
    untrack?.();
  });
  untrack = s.streams.add({
    close: (code, reason) => client.close(code, reason),
    credential: token.startsWith('lns_') ? { kind: 'api', token } : { kind: 'session' },
    tokenHash: hashToken(token),
    userId: req.user.id,
    binding,
    liveStream: true,
  });
  off = s.bus.subscribe(topic, (event) => client.push(event));
  await s.bus.ready(topic).catch(() => {});
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
        const { user, token, binding } = await checkStreamAccess(s, req, spec.target(req.query));
        req.user = user;
        accepted.set(req, { token, binding });
      },
    },
    (socket, req) => {
      void subscribe(s, socket, req, spec.topic(req.query));
    },
  );
}

export const streamRoutes: RouteModule = (app, s) => {
  for (const name of Object.keys(specs) as StreamName[]) register(app, s, name);
};
