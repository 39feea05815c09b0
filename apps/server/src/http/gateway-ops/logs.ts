import { Readable } from 'node:stream';
import { gatewayLogApi as api } from '@lns/contract/api/gateway-commands';
import { C } from '@lns/contract/codes';
import { listLogsResult, readLogResult } from '@lns/contract/gateway-agent';
import { LOG_CHUNK_BYTES, LOG_DIRS } from '@lns/contract/gateway-commands';
import type { z } from 'zod';
import { DomainError } from '../../errors';
import type { GatewayCommands } from '../../gateways/agent/commands';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** One chunk read may take this long (s); a whole file is many chunks. */
const CHUNK_TIMEOUT_S = 30;

/** An agent's result checked against its schema: a gateway answering nonsense is a gateway error. */
function checked<S extends z.ZodType>(schema: S, result: unknown): z.output<S> {
  const r = schema.safeParse(result);
  if (!r.success) throw new DomainError(C.GATEWAY_ERROR, 'the gateway answered something unreadable');
  return r.data;
}

/** The bytes of a log file, read from the agent chunk by chunk as the HTTP client takes them. */
async function* chunks(cmds: GatewayCommands, gatewayId: string, dir: string, name: string, size: number) {
  for (let offset = 0; offset < size; ) {
    const length = Math.min(LOG_CHUNK_BYTES, size - offset);
    const r = checked(
      readLogResult,
      await cmds.ask(gatewayId, 'readLog', { dir, name, offset, length }, CHUNK_TIMEOUT_S),
    );
    const data = Buffer.from(r.data, 'base64');
    if (data.length === 0) return; // the file shrank (rotated): what was read is what there is
    yield data;
    offset += data.length;
  }
}

/** Log files of a gateway, listed and downloaded through its agent (admins). */
export const gatewayLogRoutes: RouteModule = (app, s) => {
  const cmds = s.gatewayCommands;
  const maxBytes = s.config.LOG_DOWNLOAD_MAX_MB * 1024 * 1024;
  const listOf = async (gatewayId: string, dir: string) =>
    checked(listLogsResult, await cmds.ask(gatewayId, 'listLogs', { dir }, CHUNK_TIMEOUT_S)).files;

  route(app, api.list, async (req) => {
    const dir = LOG_DIRS[req.query.log_file_dir];
    const files = await listOf(req.query.gateway_id, dir);
    return ok({
      files: files
        .map((f) => ({ logName: f.name, logSize: Math.round(f.size / 102.4) / 10, modifiedAt: f.mtime }))
        .sort((a, b) => a.logName.localeCompare(b.logName)),
    });
  });

  route(app, api.download, async (req, reply) => {
    const { gateway_id: gatewayId, logName } = req.query;
    const dir = LOG_DIRS[req.query.log_file_dir];
    const file = (await listOf(gatewayId, dir)).find((f) => f.name === logName);
    if (!file) throw new DomainError(C.FILE_MISSING, 'no such log file on the gateway', 'logName');
    if (file.size > maxBytes)
      throw new DomainError(C.LOG_TOO_LARGE, `${logName} is ${file.size} bytes; at most ${maxBytes}`, 'logName');
    const row = await cmds.begin({
      gatewayId,
      kind: 'logDownload',
      extra: { dir: req.query.log_file_dir, logName },
      userName: req.user.name,
      exclusive: false,
      timeoutS: CHUNK_TIMEOUT_S * Math.ceil(file.size / LOG_CHUNK_BYTES + 1),
    });
    // The first chunk is read before the answer starts, so a refusal still gets its coded error.
    const it = chunks(cmds, gatewayId, dir, logName, file.size);
    let first: IteratorResult<Buffer>;
    try {
      first = await it.next();
    } catch (err) {
      await cmds.records.finish(row.id, 'error', { error: (err as Error).message });
      throw err;
    }
    let sent = 0;
    async function* body() {
      let error: string | null = 'the download was stopped';
      try {
        if (!first.done) {
          sent += first.value.length;
          yield first.value;
        }
        for await (const chunk of it) {
          sent += chunk.length;
          yield chunk;
        }
        error = null;
      } catch (err) {
        error = (err as Error).message;
        throw err;
      } finally {
        // Also when the browser went away mid-file: the record says how far it got.
        await cmds.records.finish(row.id, error ? 'error' : 'done', { error, result: { size: sent } });
      }
    }
    const base = logName.split('/').pop()!;
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${base}"`)
      .send(Readable.from(body()));
  });
};
