/**
 * npm run agent -- /etc/gateway-agent.json   (or --config /etc/gateway-agent.json)
 * Runs until SIGINT or SIGTERM, then publishes OFFLINE and exits.
 */
import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startAgent } from './agent';
import { ConfigError, loadConfig } from './config';
import { Log } from './log';
import { startAgentCheck } from './upgrade/agent-check';
import { AGENT_VERSION } from './version';

const USAGE = 'usage: gateway-agent <config.json> | --config <config.json> (see tools/gateway-agent/README.md)';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { config: { type: 'string' }, help: { type: 'boolean' }, version: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help || values.version) {
    console.log(values.help ? USAGE : AGENT_VERSION);
    return 0;
  }
  const path = values.config ?? positionals[0];
  if (!path || positionals.length > (values.config ? 0 : 1)) {
    console.error(USAGE);
    return 2;
  }
  // First, before the file is read: a new program that refuses it must still be rolled back.
  const check = startAgentCheck(ownProgram(), { log: new Log('', true), exit: (code) => process.exit(code) });
  const settings = loadConfig(path);
  const agent = await startAgent(settings, { onConnected: () => check.connected() });
  agent.log.info(`gateway-agent ${AGENT_VERSION} for gateway ${settings.gatewayId} → ${settings.server}`);
  await new Promise<void>((resolve) => {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => resolve());
  });
  await agent.stop();
  return 0;
}

/** This program's file, as an upgrade replaced it (upgrade.agentPath). */
function ownProgram(): string {
  const file = process.argv[1] ?? '';
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    // One line: a bad config names its key, a taken port names udpPort.
    const e = err as NodeJS.ErrnoException;
    const msg =
      err instanceof ConfigError
        ? `config ${err.message}`
        : e.code === 'EADDRINUSE' || e.code === 'EACCES'
          ? `udpPort: cannot listen (${e.code}): ${e.message}`
          : (e.message ?? String(err));
    console.error(`gateway-agent: ${msg}`);
    process.exit(1);
  },
);
