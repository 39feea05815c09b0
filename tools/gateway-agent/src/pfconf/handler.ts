/**
 * `applyPacketForwarderConfig` (docs/protocols/gateway-agent.md): the server's configuration for
 * this gateway downloaded by its signed address, checked against its SHA-256, pointed at this
 * agent's UDP listener, written over the forwarder's file (the old one kept) and the forwarder
 * restarted; a forwarder that does not restart gets its old file back.
 */
import { readFileSync, rmSync } from 'node:fs';
import { applyPfConfigExtra, chipOf, PF_CONF_AGENT_TIMEOUT_S } from '@lns/contract/frequency-plans';
import { type Handler, parseExtra, type RequestContext, RequestError, unsupported } from '../handler';
import type { Log } from '../log';
import { CONCENTRATOR_GROUP } from '../scan/handler';
import { runShell } from '../shell';
import { download } from '../upgrade/download';
import { whyFailed, withStderr } from '../upgrade/outcome';
import { mismatch } from '../upgrade/verify';
import { replaceKeepingBackup, restoreBackup } from './write';

export interface PfConfigDeps {
  /** The forwarder's configuration file (the agent file's packetForwarderConfig). */
  path: string;
  gatewayId: string;
  /** Where this agent listens for the forwarder's Semtech UDP. */
  udp(): { host: string; port: number };
  /** The file's restartPacketForwarder command; without it the request is unsupported. */
  restart: string | undefined;
  log: Log;
}

/** A download this small is tried a few times, quickly. */
const DOWNLOAD_TRIES = 3;

export function pfConfigHandler(d: PfConfigDeps): Handler {
  // The forwarder holds the concentrator: not while a noise scan has it stopped.
  return { group: CONCENTRATOR_GROUP, timeoutS: PF_CONF_AGENT_TIMEOUT_S, run: (ctx) => apply(d, ctx) };
}

async function apply(d: PfConfigDeps, ctx: RequestContext): Promise<unknown> {
  if (!d.restart) throw unsupported('restartPacketForwarder is not configured: a new configuration would not be used');
  const x = parseExtra(applyPfConfigExtra, ctx.extra);
  const part = `${d.path}.download`;
  rmSync(part, { force: true });
  ctx.progress(10);
  try {
    await download({
      url: x.url,
      file: part,
      size: x.size,
      signal: ctx.signal,
      tries: DOWNLOAD_TRIES,
      onProgress: () => {},
    });
    const wrong = await mismatch(part, x.size, x.sha256);
    if (wrong) throw new RequestError(`the configuration is not the one expected: ${wrong}`);
    const content = configFor(d, readFileSync(part, 'utf8'));
    ctx.progress(50);
    const backup = replaceKeepingBackup(d.path, content);
    d.log.info(`pfconf: ${d.path} written (${x.sha256.slice(0, 12)}), restarting the packet forwarder`);
    // A third of the time each: the restart, and the rollback's restart if that one fails.
    const restartMs = Math.floor(ctx.timeoutMs / 3);
    const res = await runShell(d.restart, restartMs);
    if (res.code !== 0) {
      const why = withStderr(whyFailed(res, restartMs), res);
      restoreBackup(d.path, backup);
      const again = await runShell(d.restart, restartMs);
      d.log.error(`pfconf: the packet forwarder did not restart (${why}); the old configuration is back`);
      throw new RequestError(
        `rolled back: the packet forwarder did not restart with the new configuration (${why})${again.code === 0 ? '' : '; the old one did not start either'}`,
      );
    }
    return { path: d.path, sha256: x.sha256, backup, restarted: true };
  } catch (err) {
    if (err instanceof RequestError) throw err;
    throw new RequestError(`${ctx.signal.aborted ? 'timed out' : 'failed'}: ${(err as Error).message}`);
  } finally {
    rmSync(part, { force: true });
  }
}

/** The server's file with gateway_conf pointing the forwarder at this agent (which bridges it to MQTT). */
function configFor(d: PfConfigDeps, text: string): Buffer {
  let conf: Record<string, unknown>;
  try {
    conf = JSON.parse(text);
  } catch (err) {
    throw new RequestError(`the configuration is not JSON: ${(err as Error).message}`);
  }
  if (!chipOf(conf)) throw new RequestError('the configuration has no SX130x_conf or SX1301_conf object');
  const gw = conf.gateway_conf && typeof conf.gateway_conf === 'object' ? conf.gateway_conf : {};
  const { host: listen, port } = d.udp();
  // An agent listening on every address is reached by the forwarder beside it on loopback.
  const host = listen === '0.0.0.0' || listen === '::' ? '127.0.0.1' : listen;
  conf.gateway_conf = {
    ...gw,
    gateway_ID: d.gatewayId.toUpperCase(),
    server_address: host,
    serv_port_up: port,
    serv_port_down: port,
  };
  return Buffer.from(`${JSON.stringify(conf, null, 2)}\n`);
}
