/**
 * npm run agent -- /etc/gateway-agent.json   (or --config /etc/gateway-agent.json)
 * Runs until SIGINT or SIGTERM, then publishes OFFLINE and exits.
 */
import { parseArgs } from 'node:util';
import { startAgent } from './agent';
import { ConfigError, loadConfig } from './config';
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
  const settings = loadConfig(path);
  const agent = await startAgent(settings);
  agent.log.info(`gateway-agent ${AGENT_VERSION} for gateway ${settings.gatewayId} → ${settings.server}`);
  await new Promise<void>((resolve) => {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => resolve());
  });
  await agent.stop();
  return 0;
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
