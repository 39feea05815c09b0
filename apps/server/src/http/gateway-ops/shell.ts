import { C } from '@lns/contract/codes';
import { SHELL_STREAM_PATH, shellStreamQuery } from '@lns/contract/gateway-commands';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../auth/tokens';
import { DomainError } from '../../errors';
import { checkStreamAccess, type StreamBinding } from '../streams/access';
import type { RouteModule } from '../types';

/** What the check before the upgrade found, for the socket handler. */
const accepted = new WeakMap<FastifyRequest, { token: string; binding: StreamBinding }>();

/**
 * The web shell socket (admins): token as sub-protocol like the live streams, refused before the
 * upgrade (1010 for a common user, 12003 for a gateway whose agent is not connected). Once open it
 * is tracked with the live streams, so a revoked token or a deleted gateway ends the session too.
 */
export const shellRoutes: RouteModule = (app, s) => {
  app.get(
    SHELL_STREAM_PATH,
    {
      websocket: true,
      schema: {
        tags: ['gateway operations'],
        summary: 'A web shell on the gateway (JSON messages, see the contract)',
        querystring: shellStreamQuery,
      },
      preHandler: async (req) => {
        const q = req.query as { gatewayId: string };
        const { user, token, binding } = await checkStreamAccess(s, req, { gwID: q.gatewayId });
        if (!user.admin) throw new DomainError(C.FORBIDDEN, 'the web shell is for admins');
        await s.gatewayCommands.reachable(q.gatewayId);
        req.user = user;
        accepted.set(req, { token, binding });
      },
    },
    (socket, req) => {
      const q = req.query as { gatewayId: string; cols: number; rows: number };
      const { token, binding } = accepted.get(req)!;
      let untrack = () => {};
      s.shells
        .start(socket, { gatewayId: q.gatewayId, userName: req.user.name, cols: q.cols, rows: q.rows })
        .then((end) => {
          untrack = s.streams.add({
            close: () => end('server'),
            credential: token.startsWith('lns_') ? { kind: 'api', token } : { kind: 'session' },
            tokenHash: hashToken(token),
            userId: req.user.id,
            binding,
          });
          socket.on('close', () => untrack());
        })
        .catch((err) => {
          s.log.warn({ err }, 'web shell');
          socket.close(1011, 'server error');
        });
    },
  );
};
