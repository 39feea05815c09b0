/** listLogs and readLog, for the console's log pages: `dir` is `log` or `rlog`, as the file maps them. */
import { listLogsExtra, readLogExtra } from '@lns/contract/gateway-agent';
import type { AgentSettings } from '../config';
import { type Handler, parseExtra, unsupported } from '../handler';
import { listLogFiles, readLogChunk } from './files';

export function logHandlers(dirs: AgentSettings['logDirs']): Record<string, Handler> {
  const dirOf = (key: 'log' | 'rlog') => {
    const dir = dirs[key];
    if (!dir) throw unsupported(`no ${key} directory on this gateway (logDirs.${key} is null)`);
    return dir;
  };
  return {
    listLogs: {
      run: async (ctx) => {
        const { dir } = parseExtra(listLogsExtra, ctx.extra);
        return { files: await listLogFiles(dirOf(dir)) };
      },
    },
    readLog: {
      run: async (ctx) => {
        const { dir, name, offset, length } = parseExtra(readLogExtra, ctx.extra);
        return readLogChunk(dirOf(dir), name, offset, length);
      },
    },
  };
}
