import fs from 'node:fs';
import type { StoredFile } from '@lns/contract/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../../files/store';

/** `bytes=a-b` of a file this long, or undefined for no (or an unusable) Range header. */
function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** A stored file as a download, whole or the Range asked for (a resumed download). */
export function sendStoredFile(req: FastifyRequest, reply: FastifyReply, store: FileStore, info: StoredFile) {
  const range = rangeOf(req.headers.range, info.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${info.fileName}"`);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send();
  const path = store.pathOf(info.digest);
  if (!range) return reply.header('content-length', info.size).send(fs.createReadStream(path));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(fs.createReadStream(path, range));
}
