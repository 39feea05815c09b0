import { gatewayCommandApi as api } from '@lns/contract/api/gateway-commands';
import { GATEWAY_COMMANDS, type GatewayCommand } from '@lns/contract/gateway-agent';
import { QUERY_COMMANDS, rsshExtra } from '@lns/contract/gateway-commands';
import { pageWindow } from '@lns/contract/paging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '../../errors';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Remote ports startRssh picks from when the console names none. */
const RSSH_PORT_RANGE = [20000, 29999] as const;

/** The console's gateway commands, their generic form (/api/gwcmd/create) and their records (admins). */
export const gatewayCommandRoutes: RouteModule = (app, s) => {
  const c = s.config;

  /** startRssh's tunnel: what the console gave, the rest from RSSH_*; a free-ish remote port picked. */
  const rsshOf = (extra: Record<string, unknown> | undefined) => {
    const r = rsshExtra.safeParse(extra ?? {});
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw fieldError(['extra', ...issue.path].join('.'), issue.message);
    }
    const host = r.data.host ?? c.RSSH_HOST;
    const user = r.data.user ?? c.RSSH_USER;
    if (!host) throw fieldError('extra.host', 'no tunnel host given and RSSH_HOST is not set');
    if (!user) throw fieldError('extra.user', 'no tunnel user given and RSSH_USER is not set');
    const [lo, hi] = RSSH_PORT_RANGE;
    const remotePort = r.data.remotePort ?? lo + Math.floor(Math.random() * (hi - lo + 1));
    return { host, port: r.data.port ?? c.RSSH_PORT, user, remotePort };
  };

  /** Runs a command; a refusal after it was sent carries its finished record (output, state) as data. */
  const run = async (
    req: FastifyRequest,
    reply: FastifyReply,
    gatewayId: string,
    cmd: GatewayCommand,
    extra?: Record<string, unknown>,
    cToken?: string,
  ) => {
    const sent = cmd === 'startRssh' ? rsshOf(extra) : extra;
    // The agent answers with the settings it runs with: send it the current ones first.
    if (cmd === 'syncBridgeConfig') {
      await s.gatewayCommands.reachable(gatewayId);
      await s.dataPlane.mqttLink.pushConfig(gatewayId);
    }
    const r = {
      gatewayId,
      kind: cmd,
      extra: sent,
      cToken,
      userName: req.user.name,
      exclusive: !QUERY_COMMANDS.includes(cmd),
      timeoutS: c.GATEWAY_COMMAND_TIMEOUT_S,
    };
    const { record, refusal } = await s.gatewayCommands.complete(await s.gatewayCommands.begin(r), r);
    return refusal ? refuseBatch(req, reply, refusal.code, record, refusal.detail) : ok(record);
  };

  for (const cmd of GATEWAY_COMMANDS) {
    if (QUERY_COMMANDS.includes(cmd)) {
      route(app, api[cmd] as typeof api.queryRssh, (req, reply) => run(req, reply, req.query.gatewayId, cmd));
    } else {
      route(app, api[cmd] as typeof api.openSSH, (req, reply) =>
        run(req, reply, req.body.gatewayId, cmd, req.body.extra),
      );
    }
  }

  route(app, api.create, (req, reply) =>
    run(req, reply, req.body.gwID, req.body.cmdType, req.body.extra, req.body.cToken),
  );

  route(app, api.list, async (req) => {
    const q = req.query;
    const { limit = q.pageSize, offset } = pageWindow(q);
    const { rows, amount } = await s.gatewayCommands.records.page(q, limit, offset);
    return list(rows, amount);
  });
};
