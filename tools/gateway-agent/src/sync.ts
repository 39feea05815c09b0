/**
 * The sync commands: a report at once (system, network), the settings the agent runs with
 * (bridge config), the packet forwarder's configuration file.
 */
import { readFile, stat } from 'node:fs/promises';
import type { AgentSettings } from './config';
import { type Handler, RequestError } from './handler';
import { parseJsonLoose } from './json-comments';
import { AGENT_VERSION } from './version';

/** A forwarder's configuration is a few KiB; anything much larger is not one. */
export const PKTFWD_CONFIG_MAX_BYTES = 256 * 1024;

export interface SyncDeps {
  settings: AgentSettings;
  sendReport(): Promise<void>;
  /** The settings as they are now (the console's Config may have changed them). */
  current(): { mqttKeepAlive: number; statInterval: number; enableBridgeLogToFile: boolean };
  /** Whether a scanner is there (the file's spectralScan or one given in-process). */
  canScan: boolean;
}

export function syncHandlers(d: SyncDeps): Record<string, Handler> {
  const report: Handler = {
    run: async () => {
      try {
        await d.sendReport();
      } catch (err) {
        throw new RequestError(`report failed: ${(err as Error).message}`);
      }
      return { reported: true };
    },
  };
  const s = d.settings;
  return {
    syncSystemInfo: report,
    syncNetworkInfo: report,
    syncBridgeConfig: {
      run: async () => ({
        ...d.current(),
        version: AGENT_VERSION,
        platform: s.platform,
        commandTimeoutS: s.commandTimeoutS,
        commands: Object.keys(s.commands).sort(),
        packetForwarderConfig: s.packetForwarderConfig,
        logDirs: s.logDirs,
        rssh: s.rssh !== null,
        frequencyScan: d.canScan,
        webShell: { enabled: s.webShell.enabled, idleS: s.webShell.idleS, maxSessions: s.webShell.maxSessions },
      }),
    },
    syncPacketForwarderConfig: { run: () => readPacketForwarderConfig(s.packetForwarderConfig) },
  };
}

/** `{ path, content }`: content parsed when the file is JSON (comments allowed), else its text. */
export async function readPacketForwarderConfig(path: string): Promise<{ path: string; content: unknown }> {
  let text: string;
  try {
    const st = await stat(path);
    if (!st.isFile()) throw new RequestError(`${path} is not a file`);
    if (st.size > PKTFWD_CONFIG_MAX_BYTES) {
      throw new RequestError(`${path} is ${st.size} bytes, more than ${PKTFWD_CONFIG_MAX_BYTES}`);
    }
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (err instanceof RequestError) throw err;
    throw new RequestError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const json = parseJsonLoose(text);
  return { path, content: json === undefined ? text : json };
}
